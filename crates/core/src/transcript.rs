//! Fiat-Shamir transcript (docs/spec.md §2).
//!
//! A transcript is a running SHA-512 state. It starts with a domain-separation
//! tag `DST = "vidkit/<scheme>/<challenge>/v1"`; every append writes
//! `len(label) ‖ label ‖ len(data) ‖ data` (lengths as u64 little-endian), so no
//! two different sequences of appends hash the same bytes. Objects are written
//! in their canonical arkworks encoding (points compressed, field elements as
//! canonical little-endian bytes, integers as u64 LE).
//!
//! A challenge is drawn by hashing a copy of the state with a counter into 64
//! bytes and reducing them modulo r (`from_le_bytes_mod_order`), which makes the
//! challenge statistically close to uniform (a 32-byte digest would not be for
//! a 255-bit r). A zero result is re-squeezed with the next counter, so
//! challenges are always invertible. The challenge is then absorbed back into
//! the state: later challenges depend on the whole history, not only on the
//! last challenge.
//!
//! We use the `sha2` crate (RustCrypto, widely audited and used) rather than a
//! transcript crate: merlin is built on STROBE/Keccak and byte labels only,
//! which would need the same serialization glue for arkworks types while adding
//! a second hash construction; a plain SHA-512 transcript is short, fully
//! specified above, and easy to reproduce in other languages.

use ark_ff::PrimeField;
use ark_serialize::CanonicalSerialize;
use sha2::{Digest, Sha512};

/// A Fiat-Shamir transcript over SHA-512.
#[derive(Clone, Debug)]
pub struct Transcript {
    state: Sha512,
    squeezed: u64,
}

/// Adapter so arkworks can serialize straight into the hash state.
struct HashWriter<'a>(&'a mut Sha512);

impl ark_std::io::Write for HashWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> ark_std::io::Result<usize> {
        self.0.update(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> ark_std::io::Result<()> {
        Ok(())
    }
}

impl Transcript {
    /// A new transcript bound to a domain-separation tag.
    pub fn new(dst: &[u8]) -> Self {
        let mut t = Self {
            state: Sha512::new(),
            squeezed: 0,
        };
        t.append_bytes(b"dst", dst);
        t
    }

    /// The domain-separation tag vidkit uses: `vidkit/<scheme>/<challenge>/v1`.
    pub fn dst(scheme: &str, challenge: &str) -> Vec<u8> {
        format!("vidkit/{scheme}/{challenge}/v1").into_bytes()
    }

    fn prefix(&mut self, label: &[u8], len: usize) {
        self.state.update((label.len() as u64).to_le_bytes());
        self.state.update(label);
        self.state.update((len as u64).to_le_bytes());
    }

    /// Appends raw bytes under a label.
    pub fn append_bytes(&mut self, label: &[u8], bytes: &[u8]) {
        self.prefix(label, bytes.len());
        self.state.update(bytes);
    }

    /// Appends an integer as u64 little-endian.
    pub fn append_u64(&mut self, label: &[u8], value: u64) {
        self.append_bytes(label, &value.to_le_bytes());
    }

    /// Appends any arkworks object in its canonical compressed encoding.
    pub fn append<T: CanonicalSerialize + ?Sized>(&mut self, label: &[u8], value: &T) {
        self.prefix(label, value.compressed_size());
        value
            .serialize_compressed(HashWriter(&mut self.state))
            .expect("writing into a hash cannot fail");
    }

    /// Appends a slice of arkworks objects, each length-prefixed, after the count.
    pub fn append_all<T: CanonicalSerialize>(&mut self, label: &[u8], values: &[T]) {
        self.append_u64(label, values.len() as u64);
        for v in values {
            self.append(label, v);
        }
    }

    /// A 64-byte digest of everything appended so far (does not change the state).
    ///
    /// Used to compress a large statement (e.g. m commitments) once, so that
    /// per-shard transcripts can bind it cheaply.
    pub fn digest(&self) -> [u8; 64] {
        let mut h = self.state.clone();
        h.update(b"digest");
        h.finalize().into()
    }

    /// Binds the curve: scalar and base field moduli and both generators.
    ///
    /// arkworks gives curves no names, so the curve is identified by the
    /// values that define it; two curves with a different field or generator
    /// never share a transcript.
    pub fn append_curve<E: ark_ec::pairing::Pairing>(&mut self) {
        use ark_ec::PrimeGroup;
        use ark_ff::BigInteger;
        let r = <E::ScalarField as PrimeField>::MODULUS.to_bytes_le();
        let p = <E::BaseField as PrimeField>::MODULUS.to_bytes_le();
        self.append_bytes(b"curve-r", &r);
        self.append_bytes(b"curve-p", &p);
        self.append(b"curve-g1", &E::G1::generator());
        self.append(b"curve-g2", &E::G2::generator());
    }

    /// Draws a non-zero challenge in `F` and absorbs it into the state.
    pub fn challenge<F: PrimeField>(&mut self, label: &[u8]) -> F {
        loop {
            let mut h = self.state.clone();
            h.update(b"challenge");
            h.update((label.len() as u64).to_le_bytes());
            h.update(label);
            h.update(self.squeezed.to_le_bytes());
            self.squeezed += 1;
            let out: [u8; 64] = h.finalize().into();
            let c = F::from_le_bytes_mod_order(&out);
            if !c.is_zero() {
                self.append(b"challenge-value", &c);
                return c;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_bls12_381::{Fr, G1Affine};
    use ark_ec::AffineRepr;
    use ark_ff::Zero;

    fn base() -> Transcript {
        let mut t = Transcript::new(b"test");
        t.append_u64(b"k", 4);
        t.append(b"point", &G1Affine::generator());
        t
    }

    #[test]
    fn deterministic() {
        assert_eq!(base().challenge::<Fr>(b"r"), base().challenge::<Fr>(b"r"));
    }

    #[test]
    fn every_input_matters() {
        let c0 = base().challenge::<Fr>(b"r");
        let mut t = Transcript::new(b"test2");
        t.append_u64(b"k", 4);
        t.append(b"point", &G1Affine::generator());
        assert_ne!(t.challenge::<Fr>(b"r"), c0, "dst");
        let mut t = Transcript::new(b"test");
        t.append_u64(b"k", 5);
        t.append(b"point", &G1Affine::generator());
        assert_ne!(t.challenge::<Fr>(b"r"), c0, "value");
        let mut t = Transcript::new(b"test");
        t.append_u64(b"K", 4);
        t.append(b"point", &G1Affine::generator());
        assert_ne!(t.challenge::<Fr>(b"r"), c0, "label");
        assert_ne!(base().challenge::<Fr>(b"s"), c0, "challenge label");
        let mut t = Transcript::new(b"test");
        t.append_u64(b"k", 4);
        t.append(b"point", &(G1Affine::generator() + G1Affine::generator()));
        assert_ne!(t.challenge::<Fr>(b"r"), c0, "point");
    }

    #[test]
    fn length_prefix_prevents_ambiguity() {
        let mut a = Transcript::new(b"t");
        a.append_bytes(b"x", b"ab");
        a.append_bytes(b"x", b"c");
        let mut b = Transcript::new(b"t");
        b.append_bytes(b"x", b"a");
        b.append_bytes(b"x", b"bc");
        assert_ne!(a.challenge::<Fr>(b"r"), b.challenge::<Fr>(b"r"));
    }

    #[test]
    fn challenges_chain() {
        let mut t = base();
        let c1 = t.challenge::<Fr>(b"r");
        let c2 = t.challenge::<Fr>(b"r");
        assert_ne!(c1, c2);
        assert!(!c1.is_zero() && !c2.is_zero());
        let d = base().digest();
        assert_eq!(d, base().digest());
        assert_ne!(d, t.digest());
    }
}
