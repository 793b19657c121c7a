use super::*;
use vidkit_core::Encoding;

fn params() -> Params {
    Params {
        scheme: SchemeName::KzgPlus,
        curve: CurveName::Bn254,
        info: FileInfo {
            k: 4,
            n: 8,
            m: 2,
            len: 200,
            encoding: Encoding::Fft,
        },
    }
}

fn shard() -> ShardFile {
    ShardFile {
        params: params(),
        index: 7,
        commitment_digest: [9; 32],
        shard: vec![1, 2, 3],
        proof: vec![4; 48],
    }
}

fn commitment() -> CommitmentFile {
    CommitmentFile {
        params: params(),
        setup: SetupRecord {
            max_bytes: 200,
            source: SrsSource::File { digest: [3; 32] },
        },
        vk_digest: [5; 32],
        commitment: vec![7; 100],
    }
}

fn srs() -> SrsFile {
    SrsFile {
        curve: CurveName::Bls12_381,
        insecure: true,
        label: "INSECURE test".into(),
        powers: vec![vec![1; 10], vec![2; 20]],
    }
}

#[test]
fn files_round_trip() {
    let s = shard();
    assert_eq!(ShardFile::from_bytes(&s.to_bytes()), Ok(s));
    let c = commitment();
    assert_eq!(CommitmentFile::from_bytes(&c.to_bytes()), Ok(c.clone()));
    let c2 = CommitmentFile {
        setup: SetupRecord {
            max_bytes: 1,
            source: SrsSource::BuiltinInsecure { seed: 77 },
        },
        ..c
    };
    assert_eq!(CommitmentFile::from_bytes(&c2.to_bytes()), Ok(c2));
    let p = srs();
    assert_eq!(SrsFile::from_bytes(&p.to_bytes()), Ok(p));
}

#[test]
fn every_truncation_is_an_error() {
    for bytes in [
        shard().to_bytes(),
        commitment().to_bytes(),
        srs().to_bytes(),
    ] {
        let kind = detect(&bytes).unwrap();
        for cut in 0..bytes.len() {
            let short = &bytes[..cut];
            let r = match kind {
                FileKind::Shard => ShardFile::from_bytes(short).map(|_| ()),
                FileKind::Commitment => CommitmentFile::from_bytes(short).map(|_| ()),
                FileKind::Srs => SrsFile::from_bytes(short).map(|_| ()),
            };
            let e = r.expect_err("a truncated file must not parse");
            assert!(
                matches!(e, FormatError::Truncated { .. } | FormatError::NotVidkit),
                "{kind} cut at {cut}: {e}"
            );
        }
    }
}

#[test]
fn trailing_bytes_wrong_kind_and_version() {
    let mut b = shard().to_bytes();
    b.push(0);
    assert_eq!(
        ShardFile::from_bytes(&b),
        Err(FormatError::TrailingBytes(1))
    );
    assert_eq!(
        ShardFile::from_bytes(&commitment().to_bytes()),
        Err(FormatError::WrongKind {
            expected: FileKind::Shard,
            found: FileKind::Commitment
        })
    );
    let mut v = shard().to_bytes();
    v[8] = 2;
    assert_eq!(
        ShardFile::from_bytes(&v),
        Err(FormatError::UnsupportedVersion {
            found: 2,
            supported: FORMAT_VERSION
        })
    );
    assert_eq!(
        ShardFile::from_bytes(b"hello world"),
        Err(FormatError::NotVidkit)
    );
}

#[test]
fn bad_names_index_and_metadata() {
    let good = shard().to_bytes();
    // scheme name "kzg-plus" starts at byte 11; make it "kzg-plux"
    let mut b = good.clone();
    b[11 + 7] = b'x';
    assert_eq!(ShardFile::from_bytes(&b), Err(FormatError::UnknownScheme));
    let mut b = good.clone();
    b[11 + 8 + 1] = b'X';
    assert_eq!(ShardFile::from_bytes(&b), Err(FormatError::UnknownCurve));
    let mut s = shard();
    s.index = 8;
    assert_eq!(
        ShardFile::from_bytes(&s.to_bytes()),
        Err(FormatError::IndexOutOfRange { index: 8, n: 8 })
    );
    let mut s = shard();
    s.params.info.n = 2; // n < k
    assert_eq!(
        ShardFile::from_bytes(&s.to_bytes()),
        Err(FormatError::Metadata(vidkit_core::Error::NLessThanK {
            k: 4,
            n: 2
        }))
    );
    // k = 0 is said to be k = 0 (not "invalid data" of a point)
    let mut c = commitment();
    c.params.info.k = 0;
    let e = CommitmentFile::from_bytes(&c.to_bytes()).unwrap_err();
    assert_eq!(e, FormatError::Metadata(vidkit_core::Error::ZeroK));
    assert!(e.to_string().contains("k must be at least 1"), "{e}");
}

#[test]
fn every_single_bit_flip_parses_or_fails_cleanly() {
    for bytes in [
        shard().to_bytes(),
        commitment().to_bytes(),
        srs().to_bytes(),
    ] {
        for bit in 0..bytes.len() * 8 {
            let mut b = bytes.clone();
            b[bit / 8] ^= 1 << (bit % 8);
            // must not panic; a flip inside a blob may still parse
            let _ = ShardFile::from_bytes(&b);
            let _ = CommitmentFile::from_bytes(&b);
            let _ = SrsFile::from_bytes(&b);
        }
    }
    // a huge blob length is a clean error, not an allocation
    let mut b = shard().to_bytes();
    let at = b.len() - 48 - 8 - 3 - 8; // length of the shard blob
    b[at..at + 8].copy_from_slice(&u64::MAX.to_le_bytes());
    assert!(ShardFile::from_bytes(&b).is_err());
}

#[test]
fn digests_differ_by_label_and_content() {
    assert_ne!(digest("a", b"x"), digest("b", b"x"));
    assert_ne!(digest("a", b"x"), digest("a", b"y"));
    let mut c = commitment();
    let d = c.digest();
    c.commitment[0] ^= 1;
    assert_ne!(c.digest(), d);
}
