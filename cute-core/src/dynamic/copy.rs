//! Copy atoms and copy atoms tiled over threads (CuTe's `TiledCopy`), on runtime layouts.

use alloc::string::String;
use alloc::vec::Vec;

use super::cast::upcast;
use super::coalesce::coalesce_profile;
use super::composition::composition;
use super::divide::zipped_divide;
use super::error::{bail, Result};
use super::int_tuple::{HTuple, IntTuple};
use super::inverse::right_inverse;
use super::layout::Layout;
use super::mma::{offset_range, TiledMma};
use super::partition::make_layout_tv;
use super::product::logical_product;
use super::tiler::Tiler;
use crate::arith;

/// A copy instruction's layouts (CuTe's `Copy_Traits`), as runtime layouts in bits: its threads
/// (logical thread to lane, `ThrID`) and the thread-value layouts of its source and destination,
/// each mapping (logical thread, bit) to the bit of the data the instruction moves;
/// `layout_ref` is the one of the two a tiled copy is laid out by (CuTe's `RefLayout`).
/// [`cute::atom::copy_atom`](crate::atom::copy_atom) gives the instructions' atoms by CuTe's
/// names.
///
/// ```
/// let atom = cute::atom::copy_atom("SM75_U32x4_LDSM_N").unwrap();
/// assert_eq!(atom.layout_src.to_string(), "(32,128):(128,1)");
/// assert_eq!(atom.layout_dst.to_string(), "(32,(32,4)):(32,(1,1024))");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CopyAtom {
    /// CuTe's name of the instruction (`SM75_U32x4_LDSM_N`, `UniversalCopy<uint128_t>`).
    pub name: String,
    /// Logical thread to lane (CuTe's `ThrID`).
    pub thr_id: Layout,
    /// (thread, bit) to the bit of the source (CuTe's `SrcLayout`).
    pub layout_src: Layout,
    /// (thread, bit) to the bit of the destination (CuTe's `DstLayout`).
    pub layout_dst: Layout,
    /// The layout a tiled copy is built on (CuTe's `RefLayout`).
    pub layout_ref: Layout,
}

/// A copy atom tiled over threads (CuTe's `TiledCopy`): the atom with the element type it
/// copies (CuTe's `Copy_Atom<Op, T>`, given here by the element's width in bits), a
/// thread-value layout `(thread, value)` to the column-major index of the tile, and the tile's
/// shape.
///
/// The atom's layouts in elements are its bit layouts `upcast` by the element's width. A tensor
/// is split by [`tidfrg_s`](TiledCopy::tidfrg_s) into `(Thr, (FrgV, FrgX), (Rest...))`: each
/// thread's values in the atom's order (`FrgV`, one instruction's values) and the atom's
/// repetitions (`FrgX`), over the tiles of the tensor.
///
/// ```
/// use cute::dynamic::TiledCopy;
/// // 128 threads each copying 8 16-bit elements with one 128-bit cp.async: a 32 x 32 tile.
/// let atom = cute::atom::copy_atom("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>").unwrap();
/// let copy = TiledCopy::make(atom, 16, &"(32,4):(4,1)".parse().unwrap(), &"(1,8):(1,1)".parse().unwrap()).unwrap();
/// assert_eq!(copy.tiler().to_string(), "(32,32)");
/// assert_eq!(copy.layout_tv().to_string(), "((4,32),8):((256,1),32)");
/// // Thread 5 copies row 1, columns 8 to 15 of a row-major 32 x 32 tile.
/// let (part, offset) = copy.partition_s(&"(32,32):(32,1)".parse().unwrap(), 5).unwrap();
/// assert_eq!(format!("{} o {}", offset, part), "40 o ((8,1),1,1):((1,0),0,0)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TiledCopy {
    atom: CopyAtom,
    value_bits: i64,
    layout_tv: Layout,
    tiler: IntTuple,
    /// The atom's layouts in elements: source, destination, reference.
    val_src: Layout,
    val_dst: Layout,
    val_ref: Layout,
}

impl TiledCopy {
    /// A tiled copy of `atom` copying elements of `value_bits` bits, with the thread-value layout
    /// `layout_tv` (`(thread, value)` to the column-major index of a tile of shape `tiler`)
    /// (CuTe's `make_tiled_copy_impl`).
    ///
    /// Errors, each naming the condition: an element width that does not divide the bits the
    /// atom moves (CuTe's `upcast` rounds the part of an element up), or that splits its threads
    /// (CuTe's "CopyOperation is not valid for Src of ValType": the layouts `upcast` to
    /// elements must keep one thread mode of the atom's threads)
    /// ([`InvalidArgument`](super::ErrorKind::InvalidArgument), or `upcast`'s
    /// [`UpcastDivisibility`](super::ErrorKind::UpcastDivisibility)); a TV layout whose threads or
    /// values are not a multiple of the atom's ([`ShapeDivisibility`](super::ErrorKind::ShapeDivisibility));
    /// a TV layout that is not `(thread, value)` ([`RankMismatch`](super::ErrorKind::RankMismatch)),
    /// that reaches outside the tile ([`NonInjective`](super::ErrorKind::NonInjective)), or that
    /// leaves an element of the tile to no thread (checked up to
    /// [`MAX_CHECKED`](super::MAX_CHECKED) values; `InvalidArgument`); a copy atom whose fields
    /// are not `(thread, bit)` layouts of its threads (`InvalidArgument`).
    ///
    /// ```
    /// use cute::dynamic::{ErrorKind, TiledCopy};
    /// let ldsm_t = cute::atom::copy_atom("SM75_U16x8_LDSM_T").unwrap();
    /// // Its threads' 16-bit strides do not hold 32-bit elements.
    /// let e = TiledCopy::new(ldsm_t, 32, &"(32,8):(8,1)".parse().unwrap(), &"(16,16)".parse().unwrap()).unwrap_err();
    /// assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    /// assert_eq!(e.to_string(), "invalid argument: Copy_Atom<SM75_U16x8_LDSM_T, 32-bit>: the destination layout in elements, ((4,4),(1,2,4)):((8,1),(1,4,32)), has 16 threads, not the atom's 32: the atom does not copy 32-bit elements");
    /// ```
    pub fn new(atom: CopyAtom, value_bits: i64, layout_tv: &Layout, tiler: &IntTuple) -> Result<TiledCopy> {
        if value_bits <= 0 {
            bail!(InvalidArgument, "Copy_Atom<{}, {}-bit>: an element has a positive width", atom.name, value_bits);
        }
        let threads = atom.thr_id.size()?;
        for (what, bits) in
            [("source", &atom.layout_src), ("destination", &atom.layout_dst), ("reference", &atom.layout_ref)]
        {
            if bits.shape().is_leaf()
                || bits.rank() != 2
                || bits.mode(0)?.size()? != threads
                || offset_range(bits)?.0 < 0
            {
                bail!(
                    InvalidArgument,
                    "copy atom {}: its {} layout {} is not (thread, bit) of its {} threads with non-negative strides",
                    atom.name,
                    what,
                    bits,
                    threads
                );
            }
        }
        let in_elements = |what: &str, bits: &Layout| -> Result<Layout> {
            let l = upcast(value_bits, bits)?;
            // upcast rounds a part of an element up to a whole one: the bits must be whole
            // elements.
            if arith::mul(l.size()?, value_bits)? != bits.size()? {
                bail!(
                    InvalidArgument,
                    "Copy_Atom<{}, {}-bit>: the {} layout {} moves {} bits, not a whole number of {}-bit elements",
                    atom.name,
                    value_bits,
                    what,
                    bits,
                    bits.size()?,
                    value_bits
                );
            }
            if l.rank() != 2 || l.shape().is_leaf() || l.mode(0)?.size()? != threads {
                bail!(
                    InvalidArgument,
                    "Copy_Atom<{}, {}-bit>: the {} layout in elements, {}, has {} threads, not the atom's {}: the atom does not copy {}-bit elements",
                    atom.name,
                    value_bits,
                    what,
                    l,
                    l.mode(0).and_then(|m| m.size()).unwrap_or(0),
                    threads,
                    value_bits
                );
            }
            Ok(l)
        };
        let val_src = in_elements("source", &atom.layout_src)?;
        let val_dst = in_elements("destination", &atom.layout_dst)?;
        let val_ref = in_elements("reference", &atom.layout_ref)?;
        if layout_tv.rank() != 2 || layout_tv.shape().is_leaf() {
            bail!(RankMismatch, "make_tiled_copy: the TV layout {} is not (thread, value)", layout_tv);
        }
        let (tv_threads, tv_values) = (layout_tv.mode(0)?.size()?, layout_tv.mode(1)?.size()?);
        let (atom_threads, atom_values) = (val_ref.mode(0)?.size()?, val_ref.mode(1)?.size()?);
        if arith::rem(tv_threads, atom_threads)? != 0 || arith::rem(tv_values, atom_values)? != 0 {
            bail!(
                ShapeDivisibility,
                "make_tiled_copy({}): the TV layout {} has {} threads and {} values, not multiples of the atom's {} threads and {} values",
                atom.name,
                layout_tv,
                tv_threads,
                tv_values,
                atom_threads,
                atom_values
            );
        }
        let tile = tiler.size()?;
        let (low, high) = offset_range(layout_tv)?;
        if low < 0 || high >= tile {
            bail!(
                NonInjective,
                "make_tiled_copy({}): the TV layout {} reaches index {} of the tile {} of {} elements",
                atom.name,
                layout_tv,
                if low < 0 { low } else { high },
                tiler,
                tile
            );
        }
        // Every element of the tile is some thread's value (checked up to MAX_CHECKED).
        if let Some(missing) = first_missing(layout_tv, tile)? {
            bail!(
                InvalidArgument,
                "make_tiled_copy({}): the TV layout {} leaves element {} of the tile {} to no thread",
                atom.name,
                layout_tv,
                missing,
                tiler
            );
        }
        Ok(TiledCopy {
            atom,
            value_bits,
            layout_tv: layout_tv.clone(),
            tiler: tiler.clone(),
            val_src,
            val_dst,
            val_ref,
        })
    }

    /// CuTe's `make_tiled_copy(copy_atom, thr_layout, val_layout)`: threads `thr` (a thread's
    /// coordinate in the tile of threads to its index) each copying a block `val` of values,
    /// the blocks raked over the tile as [`make_layout_tv`](super::make_layout_tv) lays them
    /// (its errors where the two layouts are not one to one, which CuTe does not check).
    ///
    /// ```
    /// use cute::dynamic::TiledCopy;
    /// let atom = cute::atom::copy_atom("UniversalCopy<uint32_t>").unwrap();
    /// let copy = TiledCopy::make(atom, 32, &"(4,8):(8,1)".parse().unwrap(), &"(2,1):(1,1)".parse().unwrap()).unwrap();
    /// assert_eq!((copy.tiler().to_string(), copy.size().unwrap()), ("(8,8)".to_string(), 32));
    /// ```
    pub fn make(atom: CopyAtom, value_bits: i64, thr: &Layout, val: &Layout) -> Result<TiledCopy> {
        let (tiler, tv) = make_layout_tv(thr, val)?;
        TiledCopy::new(atom, value_bits, &tv, &tiler)
    }

    /// CuTe's `make_tiled_copy_A(copy_atom, tiled_mma)`: the copy laid out by the tiled MMA's A
    /// thread-value layout over its `(TM,TK)` tile, so that each thread copies its MMA fragment
    /// of A.
    ///
    /// ```
    /// use cute::dynamic::{TiledCopy, TiledMma, Tiler};
    /// let mma = TiledMma::new(cute::atom::mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap(), &"(2,2,1):(1,2,0)".parse().unwrap(), &Tiler::Tuple(vec![])).unwrap();
    /// let copy = TiledCopy::for_mma_a(cute::atom::copy_atom("SM75_U32x4_LDSM_N").unwrap(), 16, &mma).unwrap();
    /// assert_eq!(copy.tiler().to_string(), "(32,16)");
    /// ```
    pub fn for_mma_a(atom: CopyAtom, value_bits: i64, mma: &TiledMma) -> Result<TiledCopy> {
        Self::for_mma(atom, value_bits, mma.layout_a_tv()?, mma, [0, 2])
    }

    /// CuTe's `make_tiled_copy_B(copy_atom, tiled_mma)`, over the `(TN,TK)` tile.
    ///
    /// ```
    /// use cute::dynamic::{TiledCopy, TiledMma, Tiler};
    /// let mma = TiledMma::new(cute::atom::mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap(), &"(2,2,1):(1,2,0)".parse().unwrap(), &Tiler::Tuple(vec![])).unwrap();
    /// let copy = TiledCopy::for_mma_b(cute::atom::copy_atom("SM75_U32x2_LDSM_N").unwrap(), 16, &mma).unwrap();
    /// assert_eq!(copy.tiler().to_string(), "(16,16)");
    /// ```
    pub fn for_mma_b(atom: CopyAtom, value_bits: i64, mma: &TiledMma) -> Result<TiledCopy> {
        Self::for_mma(atom, value_bits, mma.layout_b_tv()?, mma, [1, 2])
    }

    /// CuTe's `make_tiled_copy_C(copy_atom, tiled_mma)`, over the `(TM,TN)` tile.
    ///
    /// ```
    /// use cute::dynamic::{TiledCopy, TiledMma, Tiler};
    /// let mma = TiledMma::new(cute::atom::mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap(), &"(2,2,1):(1,2,0)".parse().unwrap(), &Tiler::Tuple(vec![])).unwrap();
    /// let copy = TiledCopy::for_mma_c(cute::atom::copy_atom("UniversalCopy<uint32_t>").unwrap(), 32, &mma).unwrap();
    /// assert_eq!(copy.size().unwrap(), 128);
    /// ```
    pub fn for_mma_c(atom: CopyAtom, value_bits: i64, mma: &TiledMma) -> Result<TiledCopy> {
        Self::for_mma(atom, value_bits, mma.layout_c_tv()?, mma, [0, 1])
    }

    fn for_mma(atom: CopyAtom, value_bits: i64, tv: Layout, mma: &TiledMma, modes: [usize; 2]) -> Result<TiledCopy> {
        let tile = mma.tile_size_mnk()?;
        let tiler = HTuple::Tuple(modes.iter().map(|&i| tile.modes()[i].clone()).collect());
        TiledCopy::new(atom, value_bits, &tv, &tiler)
    }

    /// The atom.
    ///
    /// ```
    /// let atom = cute::atom::copy_atom("UniversalCopy<uint32_t>").unwrap();
    /// let copy = cute::dynamic::TiledCopy::make(atom.clone(), 32, &"4:1".parse().unwrap(), &"1:0".parse().unwrap()).unwrap();
    /// assert_eq!(copy.atom(), &atom);
    /// ```
    pub fn atom(&self) -> &CopyAtom {
        &self.atom
    }

    /// The width of an element, in bits.
    ///
    /// ```
    /// let atom = cute::atom::copy_atom("UniversalCopy<uint32_t>").unwrap();
    /// let copy = cute::dynamic::TiledCopy::make(atom, 16, &"4:1".parse().unwrap(), &"2:1".parse().unwrap()).unwrap();
    /// assert_eq!(copy.value_bits(), 16);
    /// ```
    pub fn value_bits(&self) -> i64 {
        self.value_bits
    }

    /// `(thread, value)` to the column-major index of the tile (CuTe's `TiledLayout_TV`).
    ///
    /// ```
    /// let atom = cute::atom::copy_atom("UniversalCopy<uint32_t>").unwrap();
    /// let copy = cute::dynamic::TiledCopy::make(atom, 32, &"4:1".parse().unwrap(), &"1:0".parse().unwrap()).unwrap();
    /// assert_eq!(copy.layout_tv().to_string(), "(4,1):(1,0)");
    /// ```
    pub fn layout_tv(&self) -> &Layout {
        &self.layout_tv
    }

    /// The tile's shape (CuTe's `Tiler_MN`).
    ///
    /// ```
    /// let atom = cute::atom::copy_atom("UniversalCopy<uint32_t>").unwrap();
    /// let copy = cute::dynamic::TiledCopy::make(atom, 32, &"(4,2):(1,4)".parse().unwrap(), &"1:0".parse().unwrap()).unwrap();
    /// assert_eq!(copy.tiler().to_string(), "(4,2)");
    /// ```
    pub fn tiler(&self) -> &IntTuple {
        &self.tiler
    }

    /// The number of threads (CuTe's `size(tiled_copy)`).
    ///
    /// ```
    /// let atom = cute::atom::copy_atom("UniversalCopy<uint32_t>").unwrap();
    /// let copy = cute::dynamic::TiledCopy::make(atom, 32, &"(4,2):(1,4)".parse().unwrap(), &"1:0".parse().unwrap()).unwrap();
    /// assert_eq!(copy.size().unwrap(), 8);
    /// ```
    pub fn size(&self) -> Result<i64> {
        self.layout_tv.mode(0)?.size()
    }

    /// The tiler as a tuple tiler, one size per mode.
    fn tile_tiler(&self) -> Tiler {
        match &self.tiler {
            HTuple::Leaf(n) => Tiler::Int(*n),
            HTuple::Tuple(modes) => Tiler::Tuple(modes.iter().map(|m| Tiler::Int(m.size().unwrap_or(1))).collect()),
        }
    }

    /// `right_inverse(ref) o trg`: a thread's (thread, value) of the source or destination side to
    /// the index `thread + threads * value` of the reference side.
    fn ref_to(&self, target: &Layout) -> Result<Layout> {
        composition(&right_inverse(&self.val_ref)?, target)
    }

    /// CuTe's `tile2thrfrg`: a tensor divided into tiles `((Tile...),(Rest...))` as
    /// `(Thr, (FrgV, FrgX), (Rest...))`, each thread's values in the order of `ref2trg`'s side.
    fn tile_to_thrfrg(&self, zipped: &Layout, ref2trg: &Layout) -> Result<Layout> {
        let (atom_threads, atom_values) = (self.val_ref.mode(0)?.size()?, self.val_ref.mode(1)?.size()?);
        // ((atom thread, atom value), (the atoms' threads, their repetitions)) to the tile.
        let atoms = zipped_divide(
            &self.layout_tv,
            &Tiler::Tuple(alloc::vec![Tiler::Int(atom_threads), Tiler::Int(atom_values)]),
        )?;
        let target = composition(&atoms.mode(0)?, ref2trg)?;
        let rest = atoms.mode(1)?;
        // Zip to ((thread, the atoms' threads), (value, repetition)), the threads one mode.
        let zipped_tv = Layout::from_modes(alloc::vec![
            Layout::from_modes(alloc::vec![target.mode(0)?, rest.mode(0)?]),
            Layout::from_modes(alloc::vec![target.mode(1)?, rest.mode(1)?]),
        ]);
        let profile = HTuple::Tuple(alloc::vec![
            HTuple::Leaf(Some(1)),
            HTuple::Tuple(alloc::vec![HTuple::Leaf(Some(1)), HTuple::Leaf(Some(1))])
        ]);
        let thrval = coalesce_profile(&zipped_tv, &profile)?;
        let tv = composition(&zipped.mode(0)?, &thrval)?;
        Ok(Layout::from_modes(alloc::vec![tv.mode(0)?, tv.mode(1)?, zipped.mode(1)?]))
    }

    /// CuTe's `tidfrg_S`: a source tensor as `(Thr, (FrgV, FrgX), (Rest...))`, each thread's
    /// values in the order of the atom's source side.
    ///
    /// ```
    /// let atom = cute::atom::copy_atom("UniversalCopy<uint32_t>").unwrap();
    /// let copy = cute::dynamic::TiledCopy::make(atom, 32, &"(4,2):(1,4)".parse().unwrap(), &"1:0".parse().unwrap()).unwrap();
    /// let t = copy.tidfrg_s(&"(8,4):(1,8)".parse().unwrap()).unwrap();
    /// assert_eq!(t.to_string(), "((4,2),(1,1),(2,2)):((1,8),(0,0),(4,16))");
    /// ```
    pub fn tidfrg_s(&self, tensor: &Layout) -> Result<Layout> {
        self.tidfrg(tensor, &self.val_src)
    }

    /// CuTe's `tidfrg_D`: a destination tensor as `(Thr, (FrgV, FrgX), (Rest...))`.
    ///
    /// ```
    /// let atom = cute::atom::copy_atom("UniversalCopy<uint32_t>").unwrap();
    /// let copy = cute::dynamic::TiledCopy::make(atom, 32, &"(4,2):(1,4)".parse().unwrap(), &"1:0".parse().unwrap()).unwrap();
    /// assert_eq!(copy.tidfrg_d(&"(4,2):(2,1)".parse().unwrap()).unwrap().to_string(), "((4,2),(1,1),(1,1)):((2,1),(0,0),(0,0))");
    /// ```
    pub fn tidfrg_d(&self, tensor: &Layout) -> Result<Layout> {
        self.tidfrg(tensor, &self.val_dst)
    }

    fn tidfrg(&self, tensor: &Layout, side: &Layout) -> Result<Layout> {
        let rank = self.tiler.rank().max(1);
        if tensor.rank() < rank {
            bail!(RankMismatch, "tidfrg: the tensor {} has fewer modes than the tile {}", tensor, self.tiler);
        }
        let zipped = zipped_divide(tensor, &self.tile_tiler())?;
        self.tile_to_thrfrg(&zipped, &self.ref_to(side)?)
    }

    /// Thread `thr_idx`'s part of a source tensor (CuTe's `get_slice(thr_idx).partition_S(s)`):
    /// `((FrgV, FrgX), Rest...)` and its offset (CuTe's `(CPY, CPY_M, CPY_N, ...)`).
    ///
    /// ```
    /// let atom = cute::atom::copy_atom("UniversalCopy<uint32_t>").unwrap();
    /// let copy = cute::dynamic::TiledCopy::make(atom, 32, &"(4,2):(1,4)".parse().unwrap(), &"1:0".parse().unwrap()).unwrap();
    /// let (part, offset) = copy.partition_s(&"(8,4):(1,8)".parse().unwrap(), 5).unwrap();
    /// assert_eq!(format!("{} o {}", offset, part), "9 o ((1,1),2,2):((0,0),4,16)");
    /// ```
    pub fn partition_s(&self, s: &Layout, thr_idx: i64) -> Result<(Layout, i64)> {
        self.slice_thread(&self.tidfrg_s(s)?, thr_idx)
    }

    /// Thread `thr_idx`'s part of a destination tensor (CuTe's `partition_D`).
    ///
    /// ```
    /// let atom = cute::atom::copy_atom("UniversalCopy<uint32_t>").unwrap();
    /// let copy = cute::dynamic::TiledCopy::make(atom, 32, &"(4,2):(1,4)".parse().unwrap(), &"1:0".parse().unwrap()).unwrap();
    /// let (part, offset) = copy.partition_d(&"(8,4):(4,1)".parse().unwrap(), 5).unwrap();
    /// assert_eq!(format!("{} o {}", offset, part), "5 o ((1,1),2,2):((0,0),16,2)");
    /// ```
    pub fn partition_d(&self, d: &Layout, thr_idx: i64) -> Result<(Layout, i64)> {
        self.slice_thread(&self.tidfrg_d(d)?, thr_idx)
    }

    fn slice_thread(&self, t: &Layout, thr_idx: i64) -> Result<(Layout, i64)> {
        let threads = t.mode(0)?;
        let count = threads.size()?;
        if !(0..count).contains(&thr_idx) {
            bail!(
                IndexOutOfRange,
                "get_slice: thread {} is not below the {} threads of the tiled copy",
                thr_idx,
                count
            );
        }
        let mut modes = alloc::vec![t.mode(1)?];
        modes.extend(t.mode(2)?.modes());
        Ok((Layout::from_modes(modes), threads.call(thr_idx)?))
    }

    /// CuTe's `get_layoutS_TV`: `(thread, (FrgV, FrgX))` to the column-major index of the tile
    /// that the thread reads as that value.
    ///
    /// ```
    /// let atom = cute::atom::copy_atom("SM75_U32x4_LDSM_N").unwrap();
    /// let copy = cute::dynamic::TiledCopy::new(atom, 16, &"(32,(2,4)):(2,(1,64))".parse().unwrap(), &"(16,16)".parse().unwrap()).unwrap();
    /// assert_eq!(copy.layout_src_tv().unwrap().size().unwrap(), 256);
    /// ```
    pub fn layout_src_tv(&self) -> Result<Layout> {
        self.layout_side_tv(&self.val_src)
    }

    /// CuTe's `get_layoutD_TV`: `(thread, (FrgV, FrgX))` to the column-major index of the tile
    /// that the thread writes as that value.
    ///
    /// ```
    /// let atom = cute::atom::copy_atom("UniversalCopy<uint32_t>").unwrap();
    /// let copy = cute::dynamic::TiledCopy::make(atom, 32, &"(4,2):(1,4)".parse().unwrap(), &"1:0".parse().unwrap()).unwrap();
    /// assert_eq!(copy.layout_dst_tv().unwrap().to_string(), "(8,(1,1)):(1,(0,0))");
    /// ```
    pub fn layout_dst_tv(&self) -> Result<Layout> {
        self.layout_side_tv(&self.val_dst)
    }

    fn layout_side_tv(&self, side: &Layout) -> Result<Layout> {
        let mut shape: Vec<IntTuple> = match &self.tiler {
            HTuple::Leaf(n) => alloc::vec![HTuple::Leaf(*n)],
            HTuple::Tuple(modes) => modes.clone(),
        };
        shape.push(HTuple::Leaf(1));
        let reference = Layout::column_major(HTuple::Tuple(shape))?;
        let zipped = zipped_divide(&reference, &self.tile_tiler())?;
        let t = self.tile_to_thrfrg(&zipped, &self.ref_to(side)?)?;
        Ok(Layout::from_modes(alloc::vec![t.mode(0)?, t.mode(1)?]))
    }

    /// CuTe's `retile` (`retile_S`, `retile_D`): a thread's fragment `(V, Rest...)` (an MMA's
    /// partition, say) reordered into this copy's values, `((AtomVal, RestVal), Rest...)`, so that
    /// the copy's value `i` of the fragment is the value the thread's partition holds as value `i`.
    ///
    /// ```
    /// use cute::dynamic::{TiledCopy, TiledMma, Tiler};
    /// let mma = TiledMma::new(cute::atom::mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap(), &"(2,2,1):(1,2,0)".parse().unwrap(), &Tiler::Tuple(vec![])).unwrap();
    /// let copy = TiledCopy::for_mma_a(cute::atom::copy_atom("SM75_U32x4_LDSM_N").unwrap(), 16, &mma).unwrap();
    /// // A thread's A fragment of a 32 x 32 tile, (MMA, MMA_M, MMA_K), in registers (compact).
    /// let part = mma.partition_a(&"(32,32):(32,1)".parse().unwrap(), 0).unwrap().0;
    /// let frag = cute::dynamic::Layout::column_major(part.shape().clone()).unwrap();
    /// assert_eq!(frag.to_string(), "((2,2,2),1,2):((1,2,4),0,8)");
    /// assert_eq!(copy.retile(&frag).unwrap().to_string(), "((8,1),1,2):((1,0),0,8)");
    /// ```
    pub fn retile(&self, tensor: &Layout) -> Result<Layout> {
        let rank = tensor.rank();
        if rank < 1 || tensor.shape().is_leaf() {
            bail!(RankMismatch, "retile: the fragment {} is not (V, Rest...)", tensor);
        }
        let v = tensor.mode(0)?.size()?;
        let threads = self.size()?;
        let atom_values = self.val_ref.mode(1)?.size()?;
        // (m,n) of the tile to the index of the thread's block of V values.
        let by_mn = composition(&right_inverse(&self.layout_tv)?, &Layout::column_major(self.tiler.clone())?)?;
        let frg_mn = upcast(arith::mul(threads, v)?, &by_mn)?;
        // (V, block) to the fragment's index, then divided into the atom's values.
        let frg_v = zipped_divide(
            &logical_product(&Layout::column_major(HTuple::Leaf(v))?, &Tiler::Layout(right_inverse(&frg_mn)?))?,
            &Tiler::Int(atom_values),
        )?;
        let mut block: Vec<Tiler> = alloc::vec![Tiler::Int(v)];
        block.extend(frg_mn.shape().product_each()?.modes().iter().map(|s| Tiler::Int(s.as_int().unwrap_or(1))));
        let t = zipped_divide(tensor, &Tiler::Tuple(block))?;
        let vt = composition(&t.mode(0)?, &frg_v)?;
        let rest = t.mode(1)?;
        let mut modes = alloc::vec![vt];
        modes.extend(rest.modes().into_iter().skip(1));
        Ok(Layout::from_modes(modes))
    }
}

/// The first element of `0..tile` that `tv` does not reach, if `tv` has at most
/// [`MAX_CHECKED`](super::MAX_CHECKED) values; `tv` maps into `0..tile`.
fn first_missing(tv: &Layout, tile: i64) -> Result<Option<i64>> {
    let n = tv.size()?;
    if n > super::MAX_CHECKED || tile > super::MAX_CHECKED {
        return Ok(None);
    }
    let mut seen = alloc::vec![false; usize::try_from(tile).unwrap_or(0)];
    for i in 0..n {
        if let Some(slot) = usize::try_from(tv.call(i)?).ok().and_then(|x| seen.get_mut(x)) {
            *slot = true;
        }
    }
    Ok(seen.iter().position(|&s| !s).and_then(|p| i64::try_from(p).ok()))
}

impl core::fmt::Display for TiledCopy {
    /// CuTe's `make_tiled_copy` of the atom with its element width, TV layout and tile.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "make_tiled_copy(Copy_Atom<{}, {}-bit>, {}, {})",
            self.atom.name, self.value_bits, self.layout_tv, self.tiler
        )
    }
}
