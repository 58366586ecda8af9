//! The kernels of `benches/kernels/` (a tiled GEMM and a tiled transpose, each written with
//! cute-rs and by hand) against their definitions, on ragged sizes and strides.

#[path = "../benches/kernels/gemm.rs"]
mod gemm;
#[path = "../benches/kernels/transpose.rs"]
mod transpose;

use gemm::{gemm_cute, gemm_hand, gemm_reference, Mat};

fn values(n: usize, seed: usize) -> Vec<f32> {
    (0..n).map(|i| ((i * 7919 + seed * 104729) % 2001) as f32 / 1000.0 - 1.0).collect()
}

#[test]
fn gemm_kernels_compute_the_product() {
    type Kernel = fn(Mat, Mat, &mut [f32], usize, usize);
    // (m, k, n, A row-major, C row-major): partial tiles in every dimension, both orientations.
    for &(m, k, n, a_rows, c_rows) in
        &[(1, 1, 1, true, false), (37, 300, 19, true, true), (70, 257, 33, false, false), (16, 256, 16, true, false)]
    {
        let (a, b) = (values(m * k, 1), values(k * n, 2));
        let (ars, acs) = if a_rows { (k, 1) } else { (1, m) };
        let (crs, ccs) = if c_rows { (n, 1) } else { (1, m) };
        let am = Mat { data: &a, rows: m, cols: k, row_stride: ars, col_stride: acs };
        let bm = Mat { data: &b, rows: k, cols: n, row_stride: n, col_stride: 1 };
        let mut expected = vec![0f32; m * n];
        gemm_reference(am, bm, &mut expected, crs, ccs);
        for (name, kernel) in [("cute", gemm_cute as Kernel), ("hand", gemm_hand as Kernel)] {
            let mut c = vec![f32::NAN; m * n];
            kernel(am, bm, &mut c, crs, ccs);
            for (x, y) in c.iter().zip(&expected) {
                assert!((x - y).abs() <= 1e-3 * k as f32, "{} {}x{}x{}: {} vs {}", name, m, k, n, x, y);
            }
        }
    }
}

#[test]
fn transpose_kernels_transpose() {
    for &(m, n) in &[(1, 1), (31, 33), (64, 96), (100, 70)] {
        let lda = n + 3;
        let a: Vec<f32> = (0..m * lda).map(|x| x as f32).collect();
        for kernel in [transpose::transpose_cute, transpose::transpose_hand] {
            let mut b = vec![f32::NAN; n * m];
            kernel(&a, m, n, lda, &mut b, m);
            for i in 0..m {
                for j in 0..n {
                    assert_eq!(b[j * m + i], a[i * lda + j]);
                }
            }
        }
    }
}
