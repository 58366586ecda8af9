//! The kernels written with cute-rs against the same loops written by hand, and the GEMM
//! against matrixmultiply's `sgemm` and ndarray's `dot` (all single-threaded). Results and the
//! command in benches/README.md.

#[path = "kernels/gemm.rs"]
mod gemm;
#[path = "kernels/transpose.rs"]
mod transpose;

use divan::{black_box, Bencher};
use gemm::{gemm_cute, gemm_hand, Mat};

fn main() {
    divan::main();
}

const SIZES: [usize; 3] = [256, 512, 1024];

fn operands(n: usize) -> (Vec<f32>, Vec<f32>, Vec<f32>) {
    let a = (0..n * n).map(|x| ((x * 7919) % 1000) as f32 / 1000.0 - 0.5).collect();
    let b = (0..n * n).map(|x| ((x * 104729) % 1000) as f32 / 1000.0 - 0.5).collect();
    (a, b, vec![0f32; n * n])
}

fn mat(data: &[f32], n: usize) -> Mat<'_> {
    Mat { data, rows: n, cols: n, row_stride: n, col_stride: 1 }
}

#[divan::bench(args = SIZES)]
fn gemm_cute_rs(bencher: Bencher, n: usize) {
    let (a, b, mut c) = operands(n);
    bencher
        .counter(divan::counter::ItemsCount::new(2 * n * n * n))
        .bench_local(|| gemm_cute(mat(&a, n), mat(&b, n), black_box(&mut c), n, 1));
}

#[divan::bench(args = SIZES)]
fn gemm_hand_written(bencher: Bencher, n: usize) {
    let (a, b, mut c) = operands(n);
    bencher
        .counter(divan::counter::ItemsCount::new(2 * n * n * n))
        .bench_local(|| gemm_hand(mat(&a, n), mat(&b, n), black_box(&mut c), n, 1));
}

#[divan::bench(args = SIZES)]
fn gemm_matrixmultiply(bencher: Bencher, n: usize) {
    let (a, b, mut c) = operands(n);
    bencher
        .counter(divan::counter::ItemsCount::new(2 * n * n * n))
        .bench_local(|| gemm::gemm_matrixmultiply(&a, &b, black_box(&mut c), n));
}

#[divan::bench(args = SIZES)]
fn gemm_ndarray_dot(bencher: Bencher, n: usize) {
    let (a, b, _) = operands(n);
    let (a, b) =
        (ndarray::Array2::from_shape_vec((n, n), a).unwrap(), ndarray::Array2::from_shape_vec((n, n), b).unwrap());
    bencher.counter(divan::counter::ItemsCount::new(2 * n * n * n)).bench_local(|| black_box(a.dot(&b)));
}

const T_SIZES: [usize; 2] = [1024, 4096];

#[divan::bench(args = T_SIZES)]
fn transpose_cute_rs(bencher: Bencher, n: usize) {
    let a: Vec<f32> = (0..n * n).map(|x| x as f32).collect();
    let mut b = vec![0f32; n * n];
    bencher
        .counter(divan::counter::BytesCount::new(8 * n * n))
        .bench_local(|| transpose::transpose_cute(&a, n, n, n, black_box(&mut b), n));
}

#[divan::bench(args = T_SIZES)]
fn transpose_hand_written(bencher: Bencher, n: usize) {
    let a: Vec<f32> = (0..n * n).map(|x| x as f32).collect();
    let mut b = vec![0f32; n * n];
    bencher
        .counter(divan::counter::BytesCount::new(8 * n * n))
        .bench_local(|| transpose::transpose_hand(&a, n, n, n, black_box(&mut b), n));
}
