//! Row tiling and the (optionally parallel) tile runner.
//!
//! Every operation of the coder is independent across rows of the data matrix. Rows are
//! processed in tiles of `B` rows, with `B` chosen so that the tile's scratch buffers stay in
//! cache (about [`TILE_ELEMS`] field elements). With the `parallel` feature, tiles run on the
//! rayon pool; the tile size never depends on the number of threads and each row's arithmetic
//! is identical either way, so results are bit-identical to the sequential path.

use alloc::vec::Vec;

/// Target number of field elements in a tile's largest scratch buffer (256 KiB at 32 bytes).
pub(crate) const TILE_ELEMS: usize = 1 << 13;

/// Rows per tile when the largest scratch buffer holds `vectors` vectors of one lane each.
pub(crate) fn rows_per_tile(vectors: usize, m: usize) -> usize {
    (TILE_ELEMS / vectors.max(1)).clamp(8, 1024).min(m).max(1)
}

/// Calls `f(&mut scratch, item)` for each item, in parallel with the `parallel` feature; every
/// worker gets its own scratch value from `init`.
pub(crate) fn run<I, S>(
    items: Vec<I>,
    init: impl Fn() -> S + Sync + Send,
    f: impl Fn(&mut S, I) + Sync + Send,
) where
    I: Send,
{
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        items.into_par_iter().for_each_init(init, f);
    }
    #[cfg(not(feature = "parallel"))]
    {
        let mut scratch = init();
        for item in items {
            f(&mut scratch, item);
        }
    }
}

/// Splits `n` shard vectors of `m` elements into tiles of `rows` rows: item `t` holds the
/// `t`-th chunk of every shard, in shard order, with its first row index.
pub(crate) fn shard_tiles<F>(shards: &mut [Vec<F>], rows: usize) -> Vec<(usize, Vec<&mut [F]>)> {
    let m = shards.first().map_or(0, Vec::len);
    let count = m.div_ceil(rows);
    let mut tiles: Vec<(usize, Vec<&mut [F]>)> = (0..count)
        .map(|t| (t * rows, Vec::with_capacity(shards.len())))
        .collect();
    for shard in shards.iter_mut() {
        for (tile, chunk) in tiles.iter_mut().zip(shard.chunks_mut(rows)) {
            tile.1.push(chunk);
        }
    }
    tiles
}

/// Splits a row-major `m × k` output matrix into tiles of `rows` rows: item `t` is
/// `(first row, the tile's rows)`.
pub(crate) fn row_tiles<F>(out: &mut [F], k: usize, rows: usize) -> Vec<(usize, &mut [F])> {
    out.chunks_mut(rows * k)
        .enumerate()
        .map(|(t, chunk)| (t * rows, chunk))
        .collect()
}

/// Copies rows `row0 .. row0 + width` of a row-major `· × k` matrix into a column-major tile:
/// `tile[c·width + b] = matrix[(row0 + b)·k + c]`, for `c < k` (the tile may be longer).
pub(crate) fn transpose_in<F: Copy>(
    matrix: &[F],
    k: usize,
    row0: usize,
    width: usize,
    tile: &mut [F],
) {
    for (b, row) in matrix[row0 * k..(row0 + width) * k]
        .chunks_exact(k)
        .enumerate()
    {
        for (c, v) in row.iter().enumerate() {
            tile[c * width + b] = *v;
        }
    }
}
