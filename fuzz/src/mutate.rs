//! Structured mutations of valid seeds.
//!
//! Input `i` of a run is a pure function of `(run seed, target name, i)`:
//! the first inputs are the seeds themselves, every later one is a seed
//! with one to four stacked mutations. A failure found at input `i` is
//! therefore reproduced by regenerating input `i`, with no corpus state.

use rand_chacha::{
    rand_core::{RngCore, SeedableRng},
    ChaCha8Rng,
};

/// Values written over length and size fields: empty, one, small, powers of
/// two and their neighbours, the limits of 32- and 64-bit integers.
const EXTREMES: [u64; 20] = [
    0,
    1,
    2,
    3,
    31,
    63,
    64,
    255,
    256,
    4096,
    65_535,
    65_536,
    (1 << 31) - 1,
    1 << 31,
    (1 << 32) - 1,
    1 << 32,
    1 << 48,
    1 << 62,
    1 << 63,
    u64::MAX,
];

/// Decimal numbers written over the numbers of a text input.
const DECIMALS: [&str; 8] = [
    "0",
    "1",
    "3",
    "4097",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999",
];

/// The input of index `index` for the target named `target` in the run of
/// seed `seed`.
pub fn input(seeds: &[Vec<u8>], seed: u64, target: &str, index: u64) -> Vec<u8> {
    if seeds.is_empty() {
        return Vec::new();
    }
    if let Some(s) = usize::try_from(index).ok().and_then(|i| seeds.get(i)) {
        return s.clone();
    }
    let mut rng = ChaCha8Rng::seed_from_u64(mix(seed, target, index));
    let pick = |rng: &mut ChaCha8Rng| &seeds[below(rng, seeds.len())];
    let mut out = pick(&mut rng).clone();
    let rounds = 1 + below(&mut rng, 4);
    for _ in 0..rounds {
        let other = pick(&mut rng);
        mutate(&mut out, other, &mut rng);
    }
    out
}

/// One mutation of `data`; `other` is a seed to splice from.
fn mutate(data: &mut Vec<u8>, other: &[u8], rng: &mut ChaCha8Rng) {
    let len = data.len();
    match below(rng, 12) {
        // flip one bit
        0 if len > 0 => {
            let i = below(rng, len);
            data[i] ^= 1 << below(rng, 8);
        }
        // set a byte to 0x00, 0xff or a random value
        1 if len > 0 => {
            let i = below(rng, len);
            data[i] = match below(rng, 3) {
                0 => 0x00,
                1 => 0xff,
                _ => rng.next_u32() as u8,
            };
        }
        // truncate
        2 => data.truncate(below(rng, len + 1)),
        // extend with random bytes or a copy of a part of itself
        3 => {
            let extra = 1 + below(rng, 256);
            if len > 0 && rng.next_u32().is_multiple_of(2) {
                let start = below(rng, len);
                let end = (start + extra).min(len);
                let chunk = data[start..end].to_vec();
                data.extend_from_slice(&chunk);
            } else {
                data.extend((0..extra).map(|_| rng.next_u32() as u8));
            }
        }
        // splice: a prefix of this input and a suffix of another seed
        4 => {
            let cut = below(rng, len + 1);
            let from = below(rng, other.len() + 1);
            data.truncate(cut);
            data.extend_from_slice(&other[from..]);
        }
        // cross-over: a region of another seed at the same offset
        5 if len > 0 && !other.is_empty() => {
            let start = below(rng, len.min(other.len()));
            let end = (start + 1 + below(rng, 64)).min(len).min(other.len());
            data[start..end].copy_from_slice(&other[start..end]);
        }
        // duplicate a region in place (repeated rounds, points, records)
        6 if len > 0 => {
            let start = below(rng, len);
            let end = (start + 1 + below(rng, 2048)).min(len);
            let chunk = data[start..end].to_vec();
            let times = 1 + below(rng, 4);
            for _ in 0..times {
                data.splice(end..end, chunk.iter().copied());
            }
        }
        // delete a region
        7 if len > 0 => {
            let start = below(rng, len);
            let end = (start + 1 + below(rng, 256)).min(len);
            data.drain(start..end);
        }
        // an extreme value over a length field
        8 | 9 => set_size_field(data, rng),
        // an extreme number in a text
        10 => set_decimal(data, rng),
        // random bytes over a region
        _ if len > 0 => {
            let start = below(rng, len);
            let end = (start + 1 + below(rng, 16)).min(len);
            for b in &mut data[start..end] {
                *b = rng.next_u32() as u8;
            }
        }
        _ => data.push(rng.next_u32() as u8),
    }
}

/// Overwrites a little-endian length field with an extreme value (or the
/// field's value ± 1 or doubled). Candidate fields are the 8-byte words
/// whose value is below 2^20 (counts, lengths, indices, k, n, m, L in every
/// vidkit encoding), and the one-byte and two-byte lengths of names and
/// versions; anywhere else when there is none.
fn set_size_field(data: &mut [u8], rng: &mut ChaCha8Rng) {
    if data.len() < 8 {
        return;
    }
    let words: Vec<usize> = (0..=data.len() - 8)
        .filter(|&i| {
            let v = u64::from_le_bytes(data[i..i + 8].try_into().expect("8 bytes"));
            v < 1 << 20
        })
        .collect();
    let at = if words.is_empty() {
        below(rng, data.len() - 7)
    } else {
        words[below(rng, words.len())]
    };
    let old = u64::from_le_bytes(data[at..at + 8].try_into().expect("8 bytes"));
    let new = match below(rng, 4) {
        0 => old.wrapping_add(1),
        1 => old.wrapping_sub(1),
        2 => old.wrapping_mul(2),
        _ => EXTREMES[below(rng, EXTREMES.len())],
    };
    match below(rng, 4) {
        // only the low byte or the low two bytes (u8 / u16 fields)
        0 => data[at] = new as u8,
        1 => data[at..at + 2].copy_from_slice(&(new as u16).to_le_bytes()),
        _ => data[at..at + 8].copy_from_slice(&new.to_le_bytes()),
    }
}

/// Replaces a run of decimal digits by an extreme number (text inputs).
fn set_decimal(data: &mut Vec<u8>, rng: &mut ChaCha8Rng) {
    let runs: Vec<(usize, usize)> = {
        let mut runs = Vec::new();
        let mut i = 0;
        // the first runs only: the counts of a text header
        while i < data.len() && runs.len() < 8 {
            if data[i].is_ascii_digit() {
                let start = i;
                while i < data.len() && data[i].is_ascii_digit() {
                    i += 1;
                }
                runs.push((start, i));
            } else {
                i += 1;
            }
        }
        runs
    };
    if runs.is_empty() {
        return;
    }
    let (start, end) = runs[below(rng, runs.len())];
    let text = DECIMALS[below(rng, DECIMALS.len())];
    data.splice(start..end, text.bytes());
}

/// A uniform index below `n` (`n ≥ 1`).
fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// The per-input RNG seed: the run seed, the target's name and the index.
fn mix(seed: u64, target: &str, index: u64) -> u64 {
    // FNV-1a over the name, then SplitMix64 finalisation of the three
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in target.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    let mut z = seed ^ h.rotate_left(17) ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
