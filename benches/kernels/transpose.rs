//! A tiled transpose, `B = A^T` for a row-major m x n matrix A (leading dimension `lda`) into a
//! row-major n x m matrix B (`ldb`), written twice: with cute-rs (B viewed in A's coordinates,
//! both divided into static 32 x 32 tiles over the runtime extents, each tile a `copy`) and
//! with hand index arithmetic, the same loops. The tiles past a multiple of 32 are copied
//! element by element, both ways.

// Each user (the examples, the bench, the test) calls some of the functions; the hand-written
// kernels index as index arithmetic is written by hand.
#![allow(dead_code, clippy::needless_range_loop)]

use cute::tensor::{copy, make_tensor};
use cute::{coord, layout, tiler, zipped_divide};

/// The tile edge.
pub const T: usize = 32;

/// `B = A^T` with cute-rs.
pub fn transpose_cute(a: &[f32], m: usize, n: usize, lda: usize, b: &mut [f32], ldb: usize) {
    let (mt, nt) = (m / T * T, n / T * T);
    if mt > 0 && nt > 0 {
        // The whole tiles of A, and of B viewed in A's coordinates (B(j, i) = A(i, j)):
        // ((32,32),(mt/32,nt/32)).
        let full_a = layout!(({mt as i64},{nt as i64}):({lda as i64},1)).unwrap();
        let ta = make_tensor(a, full_a).unwrap().map_layout(|l| zipped_divide(l, tiler!(<32:1,32:1>))).unwrap();
        let full_b = layout!(({mt as i64},{nt as i64}):(1,{ldb as i64})).unwrap();
        let mut tb =
            make_tensor(&mut *b, full_b).unwrap().map_layout(|l| zipped_divide(l, tiler!(<32:1,32:1>))).unwrap();
        for tj in 0..nt / T {
            for ti in 0..mt / T {
                let src = ta.view().slice(coord!((_, (ti, tj)))).unwrap();
                let mut dst = tb.view_mut().slice(coord!((_, (ti, tj)))).unwrap();
                copy(&src, &mut dst).unwrap();
            }
        }
    }
    // The ragged edges: rows from mt, and columns from nt.
    let ma = make_tensor(a, layout!(({m as i64},{n as i64}):({lda as i64},1)).unwrap()).unwrap();
    let mut mb = make_tensor(b, layout!(({m as i64},{n as i64}):(1,{ldb as i64})).unwrap()).unwrap();
    for j in 0..n {
        for i in if j < nt { mt } else { 0 }..m {
            *mb.get_coord_mut(coord!((i, j))).unwrap() = *ma.get_coord(coord!((i, j))).unwrap();
        }
    }
}

/// `B = A^T` with hand index arithmetic, the same loops.
pub fn transpose_hand(a: &[f32], m: usize, n: usize, lda: usize, b: &mut [f32], ldb: usize) {
    let (mt, nt) = (m / T * T, n / T * T);
    for tj in 0..nt / T {
        for ti in 0..mt / T {
            for c in 0..T {
                for r in 0..T {
                    let (i, j) = (ti * T + r, tj * T + c);
                    b[j * ldb + i] = a[i * lda + j];
                }
            }
        }
    }
    for j in 0..n {
        for i in if j < nt { mt } else { 0 }..m {
            b[j * ldb + i] = a[i * lda + j];
        }
    }
}
