//! Bucket accumulation with batch-affine additions (one bucket set).
//!
//! Given points `P_j` and signed digits `d_j ∈ [−2^{c−1}, 2^{c−1}]`, computes
//! `Σ_j d_j·P_j = Σ_{b≥1} b·S_b` with `S_b = Σ_{|d_j| = b} sign(d_j)·P_j`.
//!
//! **Accumulation.** Buckets `S_b` are kept in affine coordinates. Pending
//! additions `S_b ← S_b + P` are gathered into a batch of distinct buckets;
//! the batch is then executed with a single field inversion shared by all
//! its slopes (Montgomery's trick: prefix products, one inversion, a backward
//! pass), so one affine addition costs about 5M + 1S plus a share of the
//! inversion, against 8M + 2S for arkworks' mixed XYZZ addition
//! (Bernstein–Lange EFD `madd-2008-s`). This is the "batch-affine"
//! technique of gnark-crypto (Botrel–El Housni, eprint 2022/1400 §4.3) and of
//! Aztec's barretenberg.
//!
//! Within one batch two additions must not target the same bucket (the second
//! would read a stale value). A point whose bucket is already in the batch is
//! put in a small queue and retried after the next flush; when the queue is
//! full (a degenerate input, e.g. all scalars equal) it is added to a
//! per-bucket XYZZ overflow accumulator instead, so the cost stays linear.
//!
//! The affine addition handles every special case exactly: an empty bucket
//! takes the point as is (no inversion), `x_1 = x_2, y_1 = y_2` doubles with
//! slope `(3x² + a)/2y`, and `x_1 = x_2, y_1 = −y_2` empties the bucket.
//!
//! **Reduction.** `Σ_b b·S_b` by the running-sum trick, from the top bucket
//! down, in XYZZ coordinates (arkworks' [`Bucket`]): `2·2^{c−1}` additions.

use ark_ec::{
    short_weierstrass::{Affine, Bucket, Projective, SWCurveConfig},
    AffineRepr,
};
use ark_ff::{AdditiveGroup, Field, Zero};
use ark_std::{vec, vec::Vec};

use crate::field::{inverse, mul, mul_assign, square, sub, BatchArith, Native};
use core::marker::PhantomData;

/// Additions per batch (one field inversion each) for `n_buckets` buckets.
/// Conflicts are rare when the batch is small against the bucket count; the
/// inversion is amortised once the batch has a few hundred entries.
pub(crate) fn batch_size(n_buckets: usize) -> usize {
    (n_buckets / 8).clamp(16, 512)
}

/// Bucket states ([`Accumulator::state`]).
const EMPTY: u8 = 0;
const FULL: u8 = 1;
const IN_BATCH: u8 = 2;

/// One pending addition: bucket `bucket` gets point `point` (negated if `neg`).
#[derive(Clone, Copy)]
struct Entry {
    bucket: u32,
    point: u32,
    neg: bool,
}

/// Accumulator state for one bucket set; `A` multiplies and inverts in
/// the coordinate field.
struct Accumulator<'a, P: SWCurveConfig, A = Native> {
    points: &'a [Affine<P>],
    buckets: Vec<Affine<P>>,
    /// [`EMPTY`], [`FULL`] or [`IN_BATCH`] per bucket: kept here because
    /// testing an affine point for the identity compares both coordinates
    /// with zero on curves without an infinity flag.
    state: Vec<u8>,
    batch: Vec<Entry>,
    queue: Vec<Entry>,
    overflow: Option<Vec<Bucket<P>>>,
    prefix: Vec<P::BaseField>,
    /// the denominators `x_P − x_S` of the batch, in order
    dx: Vec<P::BaseField>,
    /// the numerators `±y_P − y_S` of the batch, in order
    dy: Vec<P::BaseField>,
    batch_size: usize,
    queue_size: usize,
    arith: PhantomData<A>,
}

/// What the affine addition of two points other than the identity amounts
/// to ([`kind`]).
pub(crate) enum Kind<F> {
    /// Distinct `x`: slope `(y_p − y_q)/(x_p − x_q)`.
    Add(F),
    /// Same point: slope `(3x² + a)/(2y)`.
    Double(F),
    /// Opposite points: the bucket becomes empty.
    Cancel,
}

impl<'a, P: SWCurveConfig, A: BatchArith<P::BaseField>> Accumulator<'a, P, A> {
    fn new(points: &'a [Affine<P>], n_buckets: usize) -> Self {
        Self::with_batch(points, n_buckets, batch_size(n_buckets))
    }

    fn with_batch(points: &'a [Affine<P>], n_buckets: usize, batch_size: usize) -> Self {
        Self {
            points,
            buckets: vec![Affine::identity(); n_buckets],
            state: vec![EMPTY; n_buckets],
            batch: Vec::with_capacity(batch_size),
            queue: Vec::with_capacity(batch_size),
            overflow: None,
            prefix: Vec::with_capacity(batch_size),
            dx: Vec::with_capacity(batch_size),
            dy: Vec::with_capacity(batch_size),
            batch_size,
            queue_size: batch_size,
            arith: PhantomData,
        }
    }

    #[inline]
    fn point(&self, e: Entry) -> Affine<P> {
        let p = self.points[e.point as usize];
        if e.neg {
            -p
        } else {
            p
        }
    }

    /// Schedules `S_b += P`; returns false when the bucket is busy in the batch.
    #[inline]
    fn try_insert(&mut self, e: Entry) -> bool {
        let b = e.bucket as usize;
        match self.state[b] {
            IN_BATCH => return false,
            EMPTY => {
                self.buckets[b] = self.point(e);
                self.state[b] = FULL;
            }
            _ => {
                self.state[b] = IN_BATCH;
                self.batch.push(e);
            }
        }
        true
    }

    #[inline]
    fn insert(&mut self, e: Entry) {
        if !self.try_insert(e) {
            if self.queue.len() < self.queue_size {
                self.queue.push(e);
            } else {
                self.add_to_overflow(e);
            }
        }
        if self.batch.len() >= self.batch_size {
            self.flush();
            self.drain_queue();
        }
    }

    fn add_to_overflow(&mut self, e: Entry) {
        let n = self.buckets.len();
        let p = self.point(e);
        self.overflow.get_or_insert_with(|| vec![Bucket::ZERO; n])[e.bucket as usize] += p;
    }

    /// Moves queued entries into the (just flushed) batch while it has room.
    fn drain_queue(&mut self) {
        let queue = core::mem::take(&mut self.queue);
        for e in queue {
            if self.batch.len() >= self.batch_size || !self.try_insert(e) {
                self.queue.push(e);
            }
        }
    }

    /// Executes the batch with one inversion (Montgomery's trick).
    ///
    /// The common case is a batch of plain additions (`x_P ≠ x_S` for every
    /// entry). It is taken without a single comparison: the denominators
    /// `x_P − x_S` are multiplied up whatever they are, and only their
    /// product is tested. A zero product means some entry doubles or
    /// cancels (equal `x`), and the batch is redone by [`Self::flush_careful`],
    /// which classifies every entry.
    fn flush(&mut self) {
        if self.batch.is_empty() {
            return;
        }
        // The denominators first, in a loop without a long dependency
        // chain: the loads of scattered points and buckets (cache misses on
        // large tables) overlap instead of stalling the product chain.
        self.dx.clear();
        self.dy.clear();
        for &e in &self.batch {
            let (p, q) = (
                &self.points[e.point as usize],
                &self.buckets[e.bucket as usize],
            );
            self.dx.push(A::sub(&p.x, &q.x));
            // slope numerator (±y_P − y_S), the sign without a branch
            self.dy.push(A::sub(&A::neg_if(&p.y, e.neg), &q.y));
        }
        self.prefix.clear();
        let mut acc = P::BaseField::ONE;
        for d in &self.dx {
            self.prefix.push(acc);
            A::mul_assign(&mut acc, d);
        }
        if acc.is_zero() {
            self.flush_careful();
            return;
        }
        let mut inv = A::inverse(acc).expect("a non-zero product");
        for (i, &e) in self.batch.iter().enumerate().rev() {
            let b = e.bucket as usize;
            let p = &self.points[e.point as usize];
            let q = self.buckets[b];
            // slope (±y_P − y_S)/(x_P − x_S)
            let lambda = A::mul(&self.dy[i], &A::mul(&inv, &self.prefix[i]));
            A::mul_assign(&mut inv, &self.dx[i]);
            let x3 = A::sub(&A::sub(&A::square(&lambda), &q.x), &p.x);
            let y3 = A::sub(&A::mul(&lambda, &A::sub(&q.x, &x3)), &q.y);
            self.buckets[b] = Affine::new_unchecked(x3, y3);
            self.state[b] = FULL;
        }
        self.batch.clear();
    }

    /// [`Self::flush`] for a batch where some entry has `x_P = x_S`: each
    /// entry is classified (add, double, cancel) and only non-zero
    /// denominators enter the shared inversion.
    fn flush_careful(&mut self) {
        self.prefix.clear();
        let mut acc = P::BaseField::ONE;
        for &e in &self.batch {
            self.prefix.push(acc);
            let q = &self.buckets[e.bucket as usize];
            match kind(q, &self.point(e)) {
                Kind::Add(d) | Kind::Double(d) => A::mul_assign(&mut acc, &d),
                Kind::Cancel => {}
            }
        }
        // every factor is non-zero, so is the product
        let mut inv = A::inverse(acc).expect("product of non-zero denominators");
        for (i, &e) in self.batch.iter().enumerate().rev() {
            let b = e.bucket as usize;
            let p = self.point(e);
            let q = self.buckets[b];
            let (d, num) = match kind(&q, &p) {
                Kind::Add(d) => (d, p.y - q.y),
                Kind::Double(d) => (d, tangent_numerator::<P>(&q)),
                Kind::Cancel => {
                    self.buckets[b] = Affine::identity();
                    self.state[b] = EMPTY;
                    continue;
                }
            };
            let lambda = A::mul(&num, &A::mul(&inv, &self.prefix[i]));
            A::mul_assign(&mut inv, &d);
            let x3 = A::square(&lambda) - q.x - p.x;
            let y3 = A::mul(&lambda, &(q.x - x3)) - q.y;
            self.buckets[b] = Affine::new_unchecked(x3, y3);
            self.state[b] = FULL;
        }
        self.batch.clear();
    }

    /// Flushes everything that is pending; leftovers after two rounds (only
    /// repeated hits on the same buckets) go to the overflow accumulators.
    fn finish(&mut self) {
        self.flush();
        self.drain_queue();
        self.flush();
        self.drain_queue();
        self.flush();
        for e in core::mem::take(&mut self.queue) {
            self.add_to_overflow(e);
        }
    }

    /// Adds bucket `b` (its affine value and its overflow) to `acc`.
    fn add_bucket_to(&self, b: usize, acc: &mut Projective<P>) {
        if self.state[b] != EMPTY {
            *acc += &self.buckets[b];
        }
        if let Some(o) = &self.overflow
            && !o[b].is_zero()
        {
            *acc += &o[b];
        }
    }

    /// `Σ_b (b+1)·S_{first+b}` over `len` buckets, by running sums (XYZZ
    /// additions with `A`'s products: [`add_affine`], [`add_xyzz`]).
    fn reduce(&self, first: usize, len: usize) -> Bucket<P> {
        let mut running = Bucket::<P>::ZERO;
        let mut sum = Bucket::<P>::ZERO;
        for (b, s) in self.buckets.iter().enumerate().skip(first).take(len).rev() {
            if self.state[b] != EMPTY {
                add_affine::<P, A>(&mut running, s);
            }
            if let Some(o) = &self.overflow
                && !o[b].is_zero()
            {
                add_xyzz::<P, A>(&mut running, &o[b]);
            }
            add_xyzz::<P, A>(&mut sum, &running);
        }
        sum
    }
}

/// `b += q` for an affine `q`: arkworks' XYZZ mixed addition
/// (EFD `madd-2008-s`, 8M + 2S) with `A`'s products and squares, equal to
/// arkworks' `+=`, which it leaves the identity and the rare equal `x`
/// (doubling or cancelling) to.
#[inline]
pub(crate) fn add_affine<P: SWCurveConfig, A: BatchArith<P::BaseField>>(
    b: &mut Bucket<P>,
    q: &Affine<P>,
) {
    let Some((qx, qy)) = q.xy() else {
        return;
    };
    if b.is_zero() {
        *b += q;
        return;
    }
    let u2 = A::mul(&qx, &b.zz);
    if u2 == b.x {
        *b += q;
        return;
    }
    let s2 = A::mul(&qy, &b.zzz);
    let p = A::sub(&u2, &b.x);
    let r = A::sub(&s2, &b.y);
    let pp = A::square(&p);
    let ppp = A::mul(&pp, &p);
    let v = A::mul(&b.x, &pp);
    let x3 = A::sub(&A::sub(&A::square(&r), &ppp), &A::add(&v, &v));
    let v = A::sub(&v, &x3);
    b.y = A::sub(&A::mul(&r, &v), &A::mul(&b.y, &ppp));
    b.x = x3;
    b.zz = A::mul(&b.zz, &pp);
    b.zzz = A::mul(&b.zzz, &ppp);
}

/// `b += o` for XYZZ buckets: arkworks' addition (EFD `add-2008-s`,
/// 12M + 2S) with `A`'s products and squares, equal to arkworks' `+=`,
/// which it leaves the identities and the rare equal `x` to.
#[inline]
pub(crate) fn add_xyzz<P: SWCurveConfig, A: BatchArith<P::BaseField>>(
    b: &mut Bucket<P>,
    o: &Bucket<P>,
) {
    if b.is_zero() || o.is_zero() {
        *b += o;
        return;
    }
    let u1 = A::mul(&b.x, &o.zz);
    let u2 = A::mul(&o.x, &b.zz);
    if u1 == u2 {
        *b += o;
        return;
    }
    let s1 = A::mul(&b.y, &o.zzz);
    let s2 = A::mul(&o.y, &b.zzz);
    let p = A::sub(&u2, &u1);
    let r = A::sub(&s2, &s1);
    let pp = A::square(&p);
    let ppp = A::mul(&pp, &p);
    let v = A::mul(&u1, &pp);
    let x3 = A::sub(&A::sub(&A::square(&r), &ppp), &A::add(&v, &v));
    let v = A::sub(&v, &x3);
    b.y = A::sub(&A::mul(&r, &v), &A::mul(&s1, &ppp));
    b.x = x3;
    b.zz = A::mul(&A::mul(&b.zz, &pp), &o.zz);
    b.zzz = A::mul(&A::mul(&b.zzz, &ppp), &o.zzz);
}

/// `Σ_j digits[j]·points[j]` with `2^{c−1}` buckets (`|digits[j]| ≤ 2^{c−1}`,
/// `points.len() == digits.len()`).
pub(crate) fn bucket_sum<P: SWCurveConfig>(
    points: &[Affine<P>],
    digits: &[i32],
    c: u32,
) -> Bucket<P> {
    debug_assert_eq!(points.len(), digits.len());
    let mut acc = Accumulator::<P>::new(points, 1usize << (c - 1));
    for (j, (&d, p)) in digits.iter().zip(points).enumerate() {
        if d == 0 || p.is_zero() {
            continue;
        }
        acc.insert(Entry {
            bucket: d.unsigned_abs() - 1,
            point: j as u32,
            neg: d < 0,
        });
    }
    acc.finish();
    acc.reduce(0, 1usize << (c - 1))
}

/// Bucket sums of the windows `windows` of a plain Pippenger: entry `w` of
/// the result is `Σ_i digits[i·stride + w]·points[i]`. The windows share one
/// accumulator (bucket `(w − start)·2^{c−1} + |d| − 1`), fed point by point,
/// so that batches stay large and conflict-free even when `2^{c−1}` is small.
pub(crate) fn window_sums<P: SWCurveConfig, A: BatchArith<P::BaseField>>(
    points: &[Affine<P>],
    digits: &[i32],
    stride: usize,
    windows: core::ops::Range<usize>,
    c: u32,
) -> Vec<Bucket<P>> {
    let per_set = 1usize << (c - 1);
    let sets = windows.len();
    let mut acc = Accumulator::<P, A>::new(points, per_set * sets);
    for (j, (p, d)) in points.iter().zip(digits.chunks_exact(stride)).enumerate() {
        if p.is_zero() {
            continue;
        }
        for (s, &d) in d[windows.clone()].iter().enumerate() {
            if d != 0 {
                acc.insert(Entry {
                    bucket: (s * per_set) as u32 + d.unsigned_abs() - 1,
                    point: j as u32,
                    neg: d < 0,
                });
            }
        }
    }
    acc.finish();
    (0..sets)
        .map(|s| acc.reduce(s * per_set, per_set))
        .collect()
}

/// Additions per batch of [`table_rows`]: one field inversion is shared by
/// this many affine additions.
pub(crate) const TABLE_BATCH: usize = 512;

/// The row sums of a signed-digit multiples table (the batch-affine path of
/// [`crate::FixedBases::msm_rows`]): row `r` of the result is
/// `Σ_i Σ_w d_{r,i,w}·T_{i,w}` where `table[(i·windows + w)·half + d − 1]`
/// is `d·T_{i,w}` and `recode(i, digits)` writes the digits of base `i`,
/// window-major (`digits[w·rows + r]`), returning false when they are all
/// zero.
///
/// Each row has `lanes` affine accumulators (bucket `lane·rows + r`);
/// the additions of window step `s` go to lane `s mod lanes`, and the batch
/// is flushed when the lanes wrap around, so a batch of about
/// `lanes·rows ≥` [`TABLE_BATCH`] additions (fewer when `rows` is small and
/// there are not that many windows) never hits one accumulator twice and
/// shares one inversion. The lanes of a row are summed at the end
/// (`lanes − 1` additions per row). Table points at infinity (a base at
/// infinity) are skipped, looked for only if `any_identity`; doubling and
/// cancelling are exact, as for every [`Accumulator`].
pub(crate) fn table_rows<P: SWCurveConfig>(
    table: &[Affine<P>],
    any_identity: bool,
    windows: usize,
    half: usize,
    len: usize,
    rows: usize,
    recode: &mut dyn FnMut(usize, &mut [i32]) -> bool,
) -> Vec<Projective<P>> {
    debug_assert!(table.len() >= len * windows * half);
    let lanes = TABLE_BATCH.div_ceil(rows.max(1)).clamp(1, windows.max(1));
    let mut acc = Accumulator::<P>::with_batch(table, lanes * rows, lanes * rows + 1);
    let mut digits = vec![0i32; windows * rows];
    let mut lane = 0;
    for i in 0..len {
        if !recode(i, &mut digits) {
            continue;
        }
        for (w, ds) in digits.chunks_exact(rows).enumerate() {
            let first = ((i * windows + w) * half) as u32;
            let bucket = (lane * rows) as u32;
            for (r, &d) in ds.iter().enumerate() {
                if d == 0 {
                    continue;
                }
                let point = first + d.unsigned_abs() - 1;
                if any_identity && table[point as usize].is_zero() {
                    continue;
                }
                acc.insert(Entry {
                    bucket: bucket + r as u32,
                    point,
                    neg: d < 0,
                });
            }
            lane += 1;
            if lane == lanes {
                lane = 0;
                acc.finish();
            }
        }
    }
    acc.finish();
    (0..rows)
        .map(|r| {
            let mut sum = Projective::<P>::zero();
            for l in 0..lanes {
                acc.add_bucket_to(l * rows + r, &mut sum);
            }
            sum
        })
        .collect()
}

/// `q + p` for points other than the identity: a slope with denominator
/// `x_p − x_q` (numerator `y_p − y_q`), the tangent's with denominator `2y`
/// (numerator [`tangent_numerator`]), or the identity.
#[inline]
pub(crate) fn kind<P: SWCurveConfig>(q: &Affine<P>, p: &Affine<P>) -> Kind<P::BaseField> {
    if q.x != p.x {
        Kind::Add(sub(&p.x, &q.x))
    } else if q.y == p.y && !p.y.is_zero() {
        Kind::Double(p.y.double())
    } else {
        Kind::Cancel
    }
}

/// The numerator `3x² + a` of the tangent slope `(3x² + a)/(2y)` at `p`.
#[inline]
pub(crate) fn tangent_numerator<P: SWCurveConfig>(p: &Affine<P>) -> P::BaseField {
    let x2 = p.x.square();
    x2.double() + x2 + P::COEFF_A
}

/// Window bases per chunk of [`multiples`]: the additions of one step over
/// a chunk share one field inversion, and chunks run side by side with
/// `parallel`.
pub(crate) const MULTIPLES_CHUNK: usize = 512;

/// The multiples `d·P_j`, `1 ≤ d ≤ half`, of every point, point-major
/// (`out[j·half + d − 1]`), by batch-affine additions: step `d` computes
/// `(d + 1)·P_j = d·P_j + P_j` for every `j` of a chunk of
/// [`MULTIPLES_CHUNK`] points at once, the slopes' denominators inverted
/// together (Montgomery's trick), `2·P_j` with the tangent slope. That is
/// 5M + 1S and a share of one inversion per table point, where a mixed
/// projective addition and the normalisation of the finished table cost
/// about 13M + 5S. Points at infinity have identity multiples.
///
/// `None` when a step meets a zero denominator: `d·P_j = ±P_j` or a point
/// with `y = 0`, which only a point of small order (outside the
/// prime-order subgroup) reaches within `half` steps; the caller then
/// builds the table projectively, where these cases are exact.
pub(crate) fn multiples<P: SWCurveConfig>(
    points: &[Affine<P>],
    half: usize,
) -> Option<Vec<Affine<P>>> {
    let mut out = vec![Affine::<P>::identity(); points.len() * half];
    if half == 0 {
        return Some(out);
    }
    #[cfg(feature = "parallel")]
    let ok = {
        use rayon::prelude::*;
        points
            .par_chunks(MULTIPLES_CHUNK)
            .zip(out.par_chunks_mut(MULTIPLES_CHUNK * half))
            .all(|(p, o)| multiples_chunk(p, half, o))
    };
    #[cfg(not(feature = "parallel"))]
    let ok = points
        .chunks(MULTIPLES_CHUNK)
        .zip(out.chunks_mut(MULTIPLES_CHUNK * half))
        .all(|(p, o)| multiples_chunk(p, half, o));
    ok.then_some(out)
}

/// [`multiples`] for one chunk of points into `out` (`points.len()·half`
/// entries, all the identity); false on a zero denominator.
fn multiples_chunk<P: SWCurveConfig>(
    points: &[Affine<P>],
    half: usize,
    out: &mut [Affine<P>],
) -> bool {
    // the points not at infinity (the others keep identity multiples)
    let live: Vec<usize> = (0..points.len())
        .filter(|&j| !points[j].is_zero())
        .collect();
    for &j in &live {
        out[j * half] = points[j];
    }
    let mut den = Vec::with_capacity(live.len());
    let mut prefix = Vec::with_capacity(live.len());
    for d in 1..half {
        // (d + 1)·P = d·P + P: the slope's denominator, 2y for the tangent
        den.clear();
        for &j in &live {
            let (p, q) = (&points[j], &out[j * half + d - 1]);
            den.push(if d == 1 {
                p.y.double()
            } else {
                sub(&q.x, &p.x)
            });
        }
        prefix.clear();
        let mut acc = P::BaseField::ONE;
        for x in &den {
            prefix.push(acc);
            mul_assign(&mut acc, x);
        }
        let Some(mut inv) = inverse(acc) else {
            return false;
        };
        for (t, &j) in live.iter().enumerate().rev() {
            let (p, q) = (points[j], out[j * half + d - 1]);
            let num = if d == 1 {
                tangent_numerator(&p)
            } else {
                sub(&q.y, &p.y)
            };
            let lambda = mul(&num, &mul(&inv, &prefix[t]));
            mul_assign(&mut inv, &den[t]);
            let x3 = sub(&sub(&square(&lambda), &q.x), &p.x);
            let y3 = sub(&mul(&lambda, &sub(&p.x, &x3)), &p.y);
            out[j * half + d] = Affine::new_unchecked(x3, y3);
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_ec::{short_weierstrass::Projective, CurveGroup};
    use ark_ff::UniformRand;
    use ark_std::rand::SeedableRng;

    /// The additions of the bucket reduction equal arkworks' `+=`: random
    /// points, a point added to itself (doubling), to its negation
    /// (cancelling), and the identity on either side, in buckets with
    /// `ZZ ≠ 1` (reached by additions).
    fn check<P: SWCurveConfig>(seed: u64) {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
        let points: Vec<Affine<P>> = Projective::<P>::normalize_batch(
            &(0..8)
                .map(|_| Projective::<P>::rand(&mut rng))
                .collect::<Vec<_>>(),
        );
        let bucket = |i: usize| {
            let mut b = Bucket::<P>::ZERO;
            b += &points[i];
            b += &points[i + 1];
            b
        };
        let mut cases: Vec<(Bucket<P>, Affine<P>)> = vec![
            (bucket(0), points[2]),
            (Bucket::ZERO, points[3]),
            (bucket(4), Affine::identity()),
        ];
        // b + P with P = the point b stands for, and with its negation
        let b = bucket(1);
        let as_affine: Affine<P> = {
            let mut acc = Projective::<P>::zero();
            acc += &points[1];
            acc += &points[2];
            acc.into_affine()
        };
        cases.push((b, as_affine));
        cases.push((b, -as_affine));
        for (b, q) in cases {
            let mut want = b;
            want += &q;
            let mut got = b;
            add_affine::<P, Native>(&mut got, &q);
            assert_eq!(Projective::from(got), Projective::from(want));
            assert_eq!(
                (got.x, got.y, got.zz, got.zzz),
                (want.x, want.y, want.zz, want.zzz)
            );
            let mut from_affine = Bucket::<P>::ZERO;
            from_affine += &q;
            for o in [from_affine, bucket(5), Bucket::ZERO, b, -b] {
                let mut want = b;
                want += &o;
                let mut got = b;
                add_xyzz::<P, Native>(&mut got, &o);
                assert_eq!(
                    (got.x, got.y, got.zz, got.zzz),
                    (want.x, want.y, want.zz, want.zzz)
                );
            }
        }
    }

    #[test]
    fn reduction_additions_equal_arkworks() {
        check::<ark_bls12_381::g1::Config>(1);
        check::<ark_bls12_381::g2::Config>(2);
        check::<ark_bn254::g1::Config>(3);
        check::<ark_bn254::g2::Config>(4);
    }
}
