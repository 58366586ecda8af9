//! One thread's view of the dynamic engine's tiled MMA or tiled copy (CuTe's `ThrMMA` and
//! `ThrCopy`, from `get_slice`): the partitions of whole tensors that a kernel's thread takes.
//! (The static tiled MMA's and copy's are [`ThrMMA`](super::ThrMMA) and
//! [`ThrCopy`](super::ThrCopy).)
//!
//! ```
//! use cute::dynamic::{Layout, TiledMma, Tiler};
//! use cute::tensor::make_tensor;
//! let mma = TiledMma::new(cute::atom::mma_atom("SM80_16x8x8_F16F16F16F16_TN").unwrap(), &"1:0".parse().unwrap(), &Tiler::Tuple(vec![])).unwrap();
//! let thr: cute::atom::slice::ThrMma = mma.get_slice(5).unwrap();
//! let data: Vec<i64> = (0..16 * 8).collect();
//! let c = make_tensor(&data[..], "(16,8):(1,16)".parse::<Layout>().unwrap()).unwrap();
//! // Lane 5 holds c0 = C(1, 2).
//! assert_eq!(thr.partition_c(c).unwrap().get(0), Some(&(1 + 16 * 2)));
//! ```

use crate::dynamic::{Error, Layout, Result, TiledCopy, TiledMma};
use crate::tensor::{make_tensor_moved, Engine, Tensor};

/// Thread `thr_idx`'s view of a tiled MMA (CuTe's `ThrMMA`, from
/// [`TiledMma::get_slice`]): its partitions of the A, B and C tensors of a block, and the
/// register fragments they need.
///
/// ```
/// use cute::dynamic::{Layout, TiledMma, Tiler};
/// use cute::tensor::make_tensor;
/// let mma = TiledMma::new(
///     cute::atom::mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap(),
///     &"(2,2,1):(1,2,0)".parse().unwrap(),
///     &Tiler::Tuple(vec![]),
/// )
/// .unwrap();
/// let smem_a = vec![0u16; 64 * 32];
/// let a = make_tensor(&smem_a[..], "(64,32):(32,1)".parse::<Layout>().unwrap()).unwrap();
/// let thr = mma.get_slice(37).unwrap();
/// // CuTe's (MMA, MMA_M, MMA_K) at the thread's first element.
/// assert_eq!(thr.partition_a(a).unwrap().to_string(), "546 o ((2,2,2),2,2):((1,256,8),1024,16)");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ThrMma<'a> {
    mma: &'a TiledMma,
    thr_idx: i64,
}

impl TiledMma {
    /// Thread `thr_idx`'s view (CuTe's `get_slice`); an index that is not one of the tiled
    /// MMA's threads is an [`IndexOutOfRange`](crate::dynamic::ErrorKind::IndexOutOfRange) error.
    ///
    /// ```
    /// use cute::dynamic::{TiledMma, Tiler};
    /// let mma = TiledMma::new(cute::atom::mma_atom("SM80_16x8x8_F16F16F16F16_TN").unwrap(), &"(2,1):(1,0)".parse().unwrap(), &Tiler::Tuple(vec![])).unwrap();
    /// assert_eq!(mma.get_slice(63).unwrap().thr_idx(), 63);
    /// assert!(mma.get_slice(64).is_err());
    /// ```
    pub fn get_slice(&self, thr_idx: i64) -> Result<ThrMma<'_>> {
        self.thr_vmnk(thr_idx)?;
        Ok(ThrMma { mma: self, thr_idx })
    }

    /// CuTe's `get_thread_slice`: the same as [`get_slice`](Self::get_slice).
    ///
    /// ```
    /// use cute::dynamic::{TiledMma, Tiler};
    /// let mma = TiledMma::new(cute::atom::mma_atom("SM80_16x8x8_F16F16F16F16_TN").unwrap(), &"1:0".parse().unwrap(), &Tiler::Tuple(vec![])).unwrap();
    /// assert_eq!(mma.get_thread_slice(5).unwrap().thr_idx(), 5);
    /// ```
    pub fn get_thread_slice(&self, thr_idx: i64) -> Result<ThrMma<'_>> {
        self.get_slice(thr_idx)
    }
}

impl<'a> ThrMma<'a> {
    /// The thread's index in the tiled MMA.
    ///
    /// ```
    /// use cute::dynamic::{TiledMma, Tiler};
    /// let mma = TiledMma::new(cute::atom::mma_atom("SM80_16x8x8_F16F16F16F16_TN").unwrap(), &"1:0".parse().unwrap(), &Tiler::Tuple(vec![])).unwrap();
    /// assert_eq!(mma.get_slice(7).unwrap().thr_idx(), 7);
    /// ```
    pub fn thr_idx(&self) -> i64 {
        self.thr_idx
    }

    /// The tiled MMA the view is of.
    ///
    /// ```
    /// use cute::dynamic::{TiledMma, Tiler};
    /// let mma = TiledMma::new(cute::atom::mma_atom("SM80_16x8x8_F16F16F16F16_TN").unwrap(), &"1:0".parse().unwrap(), &Tiler::Tuple(vec![])).unwrap();
    /// assert_eq!(mma.get_slice(0).unwrap().tiled_mma().size().unwrap(), 32);
    /// ```
    pub fn tiled_mma(&self) -> &'a TiledMma {
        self.mma
    }

    /// The thread's part of the `(M,K)` tensor `a` (CuTe's `partition_A`): `(MMA, MMA_M,
    /// MMA_K)` over the same data ([`TiledMma::partition_a`]).
    ///
    /// ```
    /// use cute::dynamic::{Layout, TiledMma, Tiler};
    /// use cute::tensor::make_tensor;
    /// let mma = TiledMma::new(cute::atom::mma_atom("SM80_16x8x8_F16F16F16F16_TN").unwrap(), &"1:0".parse().unwrap(), &Tiler::Tuple(vec![])).unwrap();
    /// let data: Vec<i64> = (0..16 * 8).collect();
    /// let a = make_tensor(&data[..], "(16,8):(1,16)".parse::<Layout>().unwrap()).unwrap();
    /// // Lane 5 (groupID 1, threadID_in_group 1) holds a0 = A(1, 2).
    /// assert_eq!(mma.get_slice(5).unwrap().partition_a(a).unwrap().get(0), Some(&(1 + 16 * 2)));
    /// ```
    pub fn partition_a<E: Engine>(&self, a: Tensor<E, Layout>) -> Result<Tensor<E, Layout>> {
        moved(a, |l| self.mma.partition_a(l, self.thr_idx))
    }

    /// The thread's part of the `(N,K)` tensor `b` (CuTe's `partition_B`): `(MMA, MMA_N,
    /// MMA_K)`.
    ///
    /// ```
    /// use cute::dynamic::{Layout, TiledMma, Tiler};
    /// use cute::tensor::make_tensor;
    /// let mma = TiledMma::new(cute::atom::mma_atom("SM80_16x8x8_F16F16F16F16_TN").unwrap(), &"1:0".parse().unwrap(), &Tiler::Tuple(vec![])).unwrap();
    /// let data: Vec<i64> = (0..8 * 8).collect();
    /// let b = make_tensor(&data[..], "(8,8):(1,8)".parse::<Layout>().unwrap()).unwrap();
    /// // Lane 5 holds b1 = B(k = 3, n = 1), element n + 8 k.
    /// assert_eq!(mma.get_slice(5).unwrap().partition_b(b).unwrap().get(1), Some(&(1 + 8 * 3)));
    /// ```
    pub fn partition_b<E: Engine>(&self, b: Tensor<E, Layout>) -> Result<Tensor<E, Layout>> {
        moved(b, |l| self.mma.partition_b(l, self.thr_idx))
    }

    /// The thread's part of the `(M,N)` tensor `c` (CuTe's `partition_C`): `(MMA, MMA_M,
    /// MMA_N)`.
    ///
    /// ```
    /// use cute::dynamic::{Layout, TiledMma, Tiler};
    /// use cute::tensor::make_tensor;
    /// let mma = TiledMma::new(cute::atom::mma_atom("SM80_16x8x8_F16F16F16F16_TN").unwrap(), &"1:0".parse().unwrap(), &Tiler::Tuple(vec![])).unwrap();
    /// let mut data = vec![0i64; 16 * 8];
    /// let c = make_tensor(&mut data[..], "(16,8):(1,16)".parse::<Layout>().unwrap()).unwrap();
    /// let mut mine = mma.get_slice(5).unwrap().partition_c(c).unwrap();
    /// // c2 of lane 5 is C(1 + 8, 2).
    /// *mine.get_mut(2).unwrap() = 1;
    /// assert_eq!(data[9 + 16 * 2], 1);
    /// ```
    pub fn partition_c<E: Engine>(&self, c: Tensor<E, Layout>) -> Result<Tensor<E, Layout>> {
        moved(c, |l| self.mma.partition_c(l, self.thr_idx))
    }
}

/// Thread `thr_idx`'s view of a tiled copy (CuTe's `ThrCopy`, from [`TiledCopy::get_slice`]):
/// its partitions of the source and destination tensors.
///
/// ```
/// use cute::dynamic::{Layout, TiledCopy};
/// use cute::tensor::make_tensor;
/// let atom = cute::atom::copy_atom("UniversalCopy<uint32_t>").unwrap();
/// let copy = TiledCopy::make(atom, 32, &"(4,2):(1,4)".parse().unwrap(), &"1:0".parse().unwrap()).unwrap();
/// let data: Vec<u32> = (0..32).collect();
/// let s = make_tensor(&data[..], "(8,4):(1,8)".parse::<Layout>().unwrap()).unwrap();
/// assert_eq!(copy.get_slice(5).unwrap().partition_s(s).unwrap().to_string(), "9 o ((1,1),2,2):((0,0),4,16)");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ThrCopy<'a> {
    copy: &'a TiledCopy,
    thr_idx: i64,
}

impl TiledCopy {
    /// Thread `thr_idx`'s view (CuTe's `get_slice`); an index past the threads is an
    /// [`IndexOutOfRange`](crate::dynamic::ErrorKind::IndexOutOfRange) error.
    ///
    /// ```
    /// let atom = cute::atom::copy_atom("UniversalCopy<uint32_t>").unwrap();
    /// let copy = cute::dynamic::TiledCopy::make(atom, 32, &"(4,2):(1,4)".parse().unwrap(), &"1:0".parse().unwrap()).unwrap();
    /// assert_eq!(copy.get_slice(7).unwrap().thr_idx(), 7);
    /// assert!(copy.get_slice(8).is_err());
    /// ```
    pub fn get_slice(&self, thr_idx: i64) -> Result<ThrCopy<'_>> {
        let threads = self.size()?;
        if !(0..threads).contains(&thr_idx) {
            return Err(Error::new(
                crate::dynamic::ErrorKind::IndexOutOfRange,
                alloc::format!("get_slice: thread {} is not below the {} threads of the tiled copy", thr_idx, threads),
            ));
        }
        Ok(ThrCopy { copy: self, thr_idx })
    }

    /// CuTe's `get_thread_slice`: the same as [`get_slice`](Self::get_slice).
    ///
    /// ```
    /// let atom = cute::atom::copy_atom("UniversalCopy<uint32_t>").unwrap();
    /// let copy = cute::dynamic::TiledCopy::make(atom, 32, &"(4,2):(1,4)".parse().unwrap(), &"1:0".parse().unwrap()).unwrap();
    /// assert_eq!(copy.get_thread_slice(3).unwrap().thr_idx(), 3);
    /// ```
    pub fn get_thread_slice(&self, thr_idx: i64) -> Result<ThrCopy<'_>> {
        self.get_slice(thr_idx)
    }
}

impl<'a> ThrCopy<'a> {
    /// The thread's index in the tiled copy.
    ///
    /// ```
    /// let atom = cute::atom::copy_atom("UniversalCopy<uint32_t>").unwrap();
    /// let copy = cute::dynamic::TiledCopy::make(atom, 32, &"(4,2):(1,4)".parse().unwrap(), &"1:0".parse().unwrap()).unwrap();
    /// assert_eq!(copy.get_slice(6).unwrap().thr_idx(), 6);
    /// ```
    pub fn thr_idx(&self) -> i64 {
        self.thr_idx
    }

    /// The tiled copy the view is of.
    ///
    /// ```
    /// let atom = cute::atom::copy_atom("UniversalCopy<uint32_t>").unwrap();
    /// let copy = cute::dynamic::TiledCopy::make(atom, 32, &"(4,2):(1,4)".parse().unwrap(), &"1:0".parse().unwrap()).unwrap();
    /// assert_eq!(copy.get_slice(0).unwrap().tiled_copy().size().unwrap(), 8);
    /// ```
    pub fn tiled_copy(&self) -> &'a TiledCopy {
        self.copy
    }

    /// The thread's part of the source tensor `s` (CuTe's `partition_S`): `(CPY, CPY_M, CPY_N,
    /// ...)` ([`TiledCopy::partition_s`]).
    ///
    /// ```
    /// use cute::dynamic::{Layout, TiledCopy};
    /// use cute::tensor::make_tensor;
    /// let atom = cute::atom::copy_atom("UniversalCopy<uint32_t>").unwrap();
    /// let copy = TiledCopy::make(atom, 32, &"(4,2):(1,4)".parse().unwrap(), &"1:0".parse().unwrap()).unwrap();
    /// let data: Vec<u32> = (0..32).collect();
    /// let s = make_tensor(&data[..], "(8,4):(1,8)".parse::<Layout>().unwrap()).unwrap();
    /// let mine = copy.get_slice(5).unwrap().partition_s(s).unwrap();
    /// assert_eq!(mine.iter().copied().collect::<Vec<_>>(), [9, 13, 25, 29]);
    /// ```
    pub fn partition_s<E: Engine>(&self, s: Tensor<E, Layout>) -> Result<Tensor<E, Layout>> {
        moved(s, |l| self.copy.partition_s(l, self.thr_idx))
    }

    /// The thread's part of the destination tensor `d` (CuTe's `partition_D`).
    ///
    /// ```
    /// use cute::dynamic::{Layout, TiledCopy};
    /// use cute::tensor::make_tensor;
    /// let atom = cute::atom::copy_atom("UniversalCopy<uint32_t>").unwrap();
    /// let copy = TiledCopy::make(atom, 32, &"(4,2):(1,4)".parse().unwrap(), &"1:0".parse().unwrap()).unwrap();
    /// let data: Vec<u32> = (0..32).collect();
    /// let d = make_tensor(&data[..], "(8,4):(4,1)".parse::<Layout>().unwrap()).unwrap();
    /// assert_eq!(copy.get_slice(5).unwrap().partition_d(d).unwrap().to_string(), "5 o ((1,1),2,2):((0,0),16,2)");
    /// ```
    pub fn partition_d<E: Engine>(&self, d: Tensor<E, Layout>) -> Result<Tensor<E, Layout>> {
        moved(d, |l| self.copy.partition_d(l, self.thr_idx))
    }
}

/// The tensor `t` over the same data with the layout and offset `part` gives for its layout,
/// checked against the data as `make_tensor` checks.
fn moved<E: Engine>(
    t: Tensor<E, Layout>,
    part: impl FnOnce(&Layout) -> Result<(Layout, i64)>,
) -> Result<Tensor<E, Layout>> {
    let (layout, offset) = part(t.layout())?;
    let (engine, base, _) = t.into_parts();
    make_tensor_moved("partition", engine, base, offset, layout)
}
