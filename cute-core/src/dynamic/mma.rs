//! MMA atoms and MMA atoms tiled over threads (CuTe's `TiledMMA`), on runtime layouts.

use alloc::string::String;

use super::composition::{composition, composition_tiler};
use super::divide::{logical_divide, zipped_divide};
use super::error::{bail, Error, ErrorKind, Result};
use super::int_tuple::{crd2idx, HTuple, IntTuple};
use super::inverse::right_inverse;
use super::layout::Layout;
use super::make::make_ordered_layout;
use super::partition::{hier_coord, injective};
use super::product::tiled_product;
use super::tiler::Tiler;
use crate::arith;

/// An MMA instruction's layouts (CuTe's `MMA_Traits`), as runtime layouts: the tile `(M,N,K)`
/// it computes, its threads (logical thread to lane, `ThrID`) and the thread-value layouts of
/// A, B and C, each mapping (logical thread, value) to the column-major index of the `(M,K)`,
/// `(N,K)` or `(M,N)` tile. [`cute::atom::mma_atom`](crate::atom::mma_atom) gives the
/// instructions' atoms by CuTe's names.
///
/// ```
/// let atom = cute::atom::mma_atom("SM80_16x8x16_F16F16F16F16_TN").unwrap();
/// assert_eq!(atom.shape_mnk.to_string(), "(16,8,16)");
/// assert_eq!(atom.layout_c.to_string(), "((4,8),(2,2)):((32,1),(16,8))");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MmaAtom {
    /// CuTe's name of the instruction (`SM80_16x8x16_F32F16F16F32_TN`).
    pub name: String,
    /// `(M,N,K)` (CuTe's `Shape_MNK`): three positive integers.
    pub shape_mnk: IntTuple,
    /// Logical thread to lane (CuTe's `ThrID`).
    pub thr_id: Layout,
    /// (thread, value) to `m + M k` of A (CuTe's `ALayout`).
    pub layout_a: Layout,
    /// (thread, value) to `n + N k` of B (CuTe's `BLayout`).
    pub layout_b: Layout,
    /// (thread, value) to `m + M n` of C and D (CuTe's `CLayout`).
    pub layout_c: Layout,
}

/// MMA atoms tiled over a block of threads (CuTe's `TiledMMA`, made by `make_tiled_mma`): the
/// atom, the layout of the atoms over `(M,N,K)` (atom coordinate to atom index), and one
/// permutation per mode of the tile's rows, columns and depth.
///
/// The threads are `thr_layout_vmnk = tiled_product(ThrID, atom_layout)`, `(V,M,N,K)` to thread
/// index: thread `t` is lane `v` of the atom at `(m,n,k)`. The tile is `(TM,TN,TK)`, each the
/// size of its permutation, where `_` is the identity over the atoms' extent (atom size times
/// atoms along the mode). A tensor is split by [`thrfrg_c`](TiledMma::thrfrg_c) into
/// `((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN,...)))`: the permuted tile divided into atom tiles,
/// each atom tile by the atom's thread-value layout, the atom tiles dealt to the atoms of the
/// thread layout first and the rest repeated by every thread.
///
/// ```
/// use cute::dynamic::{Layout, TiledMma, Tiler};
/// let atom = cute::atom::mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap();
/// // 2 x 2 atoms (128 threads), M-major; no permutation.
/// let mma = TiledMma::new(atom, &"(2,2,1):(1,2,0)".parse().unwrap(), &Tiler::Tuple(vec![])).unwrap();
/// assert_eq!(mma.thr_layout_vmnk().to_string(), "(32,2,2,1):(1,32,64,0)");
/// assert_eq!(mma.tile_size_mnk().unwrap().to_string(), "(32,16,16)");
/// let c = mma.layout_c_tv().unwrap();
/// // Thread 37 is lane 5 of the atom at (m,n) = (1,0): its value 0 is C(17, 2).
/// assert_eq!(c.call_coord(&"(37,0)".parse().unwrap()).unwrap(), 17 + 32 * 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TiledMma {
    atom: MmaAtom,
    atom_layout_mnk: Layout,
    permutation_mnk: [Tiler; 3],
    thr_layout_vmnk: Layout,
}

/// `(M,N,K)` mode names, for messages.
const MNK: [&str; 3] = ["M", "N", "K"];

/// The mode of the threads `(V,M,N,K)` that counts the atoms along each of `(M,N,K)`.
const THR_MODE: [usize; 3] = [1, 2, 3];

impl TiledMma {
    /// CuTe's `make_tiled_mma(atom, atom_layout_mnk, permutation_mnk)`. The atom layout (atom
    /// coordinate `(m,n,k)` to atom index) and the permutation (a tuple tiler, one entry per
    /// mode: `_`, a size `n` meaning `n:1`, or a layout) are padded to rank 3 with `1:0` and `_`.
    ///
    /// Errors, each naming the condition where CuTe would assert or compute a wrong layout:
    /// an atom whose fields are not an instruction's (see [`MmaAtom`]'s fields: `(M,N,K)` of
    /// positive integers, TV layouts of the atom's threads inside their tiles)
    /// ([`InvalidArgument`](super::ErrorKind::InvalidArgument)); an atom layout or a permutation
    /// of more than three modes, or a permutation that is not a tuple
    /// ([`RankMismatch`](super::ErrorKind::RankMismatch)); an atom layout with a negative stride
    /// ([`NegativeStride`](super::ErrorKind::NegativeStride)) or that sends two atoms to one index
    /// ([`NonInjective`](super::ErrorKind::NonInjective)); a permutation entry that is a tuple
    /// (CuTe's nested tiles, not supported: `InvalidArgument`), that is not a
    /// bijection of `0..n` (`NonInjective`), or whose size is not a multiple of the atom's extent
    /// times the atoms along its mode ([`ShapeDivisibility`](super::ErrorKind::ShapeDivisibility)).
    ///
    /// ```
    /// use cute::dynamic::{ErrorKind, TiledMma};
    /// let atom = cute::atom::mma_atom("SM80_16x8x8_F32TF32TF32F32_TN").unwrap();
    /// let e = TiledMma::new(atom, &"(2,1,1):(1,0,0)".parse().unwrap(), &"<24>".parse().unwrap()).unwrap_err();
    /// assert_eq!(e.kind(), ErrorKind::ShapeDivisibility);
    /// assert_eq!(
    ///     e.to_string(),
    ///     "shape divisibility: make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN, (2,1,1):(1,0,0), <24,_,_>): the permutation of M has size 24, not a multiple of the atom's M 16 times the 2 atoms along M"
    /// );
    /// ```
    pub fn new(atom: MmaAtom, atom_layout_mnk: &Layout, permutation_mnk: &Tiler) -> Result<TiledMma> {
        let rank = atom_layout_mnk.rank().max(1);
        let permutation = match permutation_mnk {
            Tiler::Tuple(entries) => entries.clone(),
            other => bail!(
                RankMismatch,
                "make_tiled_mma({}, {}, {}): the permutation is a tuple of one entry per mode (M,N,K), not {}",
                atom.name,
                atom_layout_mnk,
                permutation_mnk,
                other
            ),
        };
        if rank > 3 || permutation.len() > 3 {
            bail!(
                RankMismatch,
                "make_tiled_mma({}, {}, {}): the atom layout and the permutation have at most three modes (M,N,K)",
                atom.name,
                atom_layout_mnk,
                permutation_mnk
            );
        }
        check_atom(&atom)?;
        if let Some(&(_, d)) = atom_layout_mnk.flat_modes().iter().find(|&&(_, d)| d < 0) {
            bail!(
                NegativeStride,
                "make_tiled_mma({}, {}, {}): the atom layout has the negative stride {}; it numbers the atoms 0, 1, ...",
                atom.name,
                atom_layout_mnk,
                permutation_mnk,
                d
            );
        }
        if let Some(entry) = permutation.iter().find(|e| matches!(e, Tiler::Tuple(_))) {
            bail!(
                InvalidArgument,
                "make_tiled_mma({}, {}, {}): the permutation entry {} is a tuple; an entry is _, a size or a layout (CuTe's nested tiles are not supported)",
                atom.name,
                atom_layout_mnk,
                permutation_mnk,
                entry
            );
        }
        let atom_layout_mnk = atom_layout_mnk.append_to_rank(3)?;
        let mut permutation_mnk = [Tiler::Underscore, Tiler::Underscore, Tiler::Underscore];
        for (slot, entry) in permutation_mnk.iter_mut().zip(permutation) {
            *slot = entry;
        }
        let shown = Tiler::Tuple(permutation_mnk.to_vec());
        let call = alloc::format!("make_tiled_mma({}, {}, {})", atom.name, atom_layout_mnk, shown);
        let name = || call.as_str();
        let two_atoms_one_index = || {
            Error::new(
                ErrorKind::NonInjective,
                alloc::format!("{}: the atom layout sends two atoms to one atom index", name()),
            )
        };
        if !injective(&atom_layout_mnk)? {
            return Err(two_atoms_one_index());
        }
        let thr_layout_vmnk = match tiled_product(&atom.thr_id, &Tiler::Layout(atom_layout_mnk.clone())) {
            Ok(l) => l,
            Err(e) if e.kind() == ErrorKind::NonInjective => return Err(two_atoms_one_index()),
            Err(e) => return Err(e),
        };
        let mma = TiledMma { atom, atom_layout_mnk, permutation_mnk, thr_layout_vmnk };
        for (i, mode) in MNK.iter().enumerate() {
            let (atom_extent, atoms) = (mma.atom_extent(i)?, mma.atoms_along(i)?);
            let n = mma.tile_size(i)?;
            if let Tiler::Layout(p) = &mma.permutation_mnk[i] {
                if right_inverse(p)?.size()? != n || p.cosize()? != n {
                    bail!(
                        NonInjective,
                        "{}: the permutation of {} ({}) is not a bijection of 0..{}",
                        name(),
                        mode,
                        p,
                        n
                    );
                }
            }
            let footprint = arith::mul(atom_extent, atoms)?;
            if arith::rem(n, footprint)? != 0 {
                bail!(
                    ShapeDivisibility,
                    "{}: the permutation of {} has size {}, not a multiple of the atom's {} {} times the {} atoms along {}",
                    name(),
                    mode,
                    n,
                    mode,
                    atom_extent,
                    atoms,
                    mode
                );
            }
        }
        Ok(mma)
    }

    /// The atom.
    ///
    /// ```
    /// let atom = cute::atom::mma_atom("UniversalFMA").unwrap();
    /// let mma = cute::dynamic::TiledMma::new(atom.clone(), &"(8,8):(1,8)".parse().unwrap(), &cute::dynamic::Tiler::Tuple(vec![])).unwrap();
    /// assert_eq!(mma.atom(), &atom);
    /// ```
    pub fn atom(&self) -> &MmaAtom {
        &self.atom
    }

    /// The atom layout over `(M,N,K)`, padded to rank 3.
    ///
    /// ```
    /// let atom = cute::atom::mma_atom("UniversalFMA").unwrap();
    /// let mma = cute::dynamic::TiledMma::new(atom, &"(8,8):(1,8)".parse().unwrap(), &cute::dynamic::Tiler::Tuple(vec![])).unwrap();
    /// assert_eq!(mma.atom_layout_mnk().to_string(), "(8,8,1):(1,8,0)");
    /// ```
    pub fn atom_layout_mnk(&self) -> &Layout {
        &self.atom_layout_mnk
    }

    /// The permutation, one tiler entry per mode of `(M,N,K)` (`_` where none was given).
    ///
    /// ```
    /// let atom = cute::atom::mma_atom("UniversalFMA").unwrap();
    /// let mma = cute::dynamic::TiledMma::new(atom, &"(8,8):(1,8)".parse().unwrap(), &"<16>".parse().unwrap()).unwrap();
    /// assert_eq!(mma.permutation_mnk()[0].to_string(), "16");
    /// ```
    pub fn permutation_mnk(&self) -> &[Tiler; 3] {
        &self.permutation_mnk
    }

    /// `(V,M,N,K)` to thread index (CuTe's `get_thr_layout_vmnk`).
    ///
    /// ```
    /// let atom = cute::atom::mma_atom("SM70_8x8x4_F32F16F16F32_TN").unwrap();
    /// let mma = cute::dynamic::TiledMma::new(atom, &"1:0".parse().unwrap(), &cute::dynamic::Tiler::Tuple(vec![])).unwrap();
    /// assert_eq!(mma.thr_layout_vmnk().to_string(), "((4,2),1,1,1):((1,16),0,0,0)");
    /// // Lane 4 is in the next quad-pair's atom, not this one's.
    /// assert_eq!(mma.thr_vmnk(17).unwrap(), [5, 0, 0, 0]);
    /// assert!(mma.thr_vmnk(4).is_err());
    /// ```
    pub fn thr_layout_vmnk(&self) -> &Layout {
        &self.thr_layout_vmnk
    }

    /// The number of threads (CuTe's `size(tiled_mma)`).
    ///
    /// ```
    /// let atom = cute::atom::mma_atom("SM80_16x8x16_F16F16F16F16_TN").unwrap();
    /// let mma = cute::dynamic::TiledMma::new(atom, &"(2,2):(1,2)".parse().unwrap(), &cute::dynamic::Tiler::Tuple(vec![])).unwrap();
    /// assert_eq!(mma.size().unwrap(), 128);
    /// ```
    pub fn size(&self) -> Result<i64> {
        self.thr_layout_vmnk.size()
    }

    /// The tile `(TM,TN,TK)` (CuTe's `tile_shape`): each mode's permutation's size.
    ///
    /// ```
    /// let atom = cute::atom::mma_atom("SM80_16x8x16_F16F16F16F16_TN").unwrap();
    /// let mma = cute::dynamic::TiledMma::new(atom, &"(2,2):(1,2)".parse().unwrap(), &"<_,32>".parse().unwrap()).unwrap();
    /// assert_eq!(mma.tile_size_mnk().unwrap().to_string(), "(32,32,16)");
    /// ```
    pub fn tile_size_mnk(&self) -> Result<IntTuple> {
        Ok(HTuple::Tuple((0..3).map(|i| self.tile_size(i).map(HTuple::Leaf)).collect::<Result<_>>()?))
    }

    /// The atom's extent along mode `i` of `(M,N,K)`.
    fn atom_extent(&self, i: usize) -> Result<i64> {
        Ok(self.atom.shape_mnk.modes().get(i).and_then(HTuple::as_int).unwrap_or(1))
    }

    /// The number of atoms along mode `i` of `(M,N,K)`: the size of mode `i + 1` of the threads
    /// `(V,M,N,K)`.
    fn atoms_along(&self, i: usize) -> Result<i64> {
        self.thr_layout_vmnk.mode(THR_MODE[i])?.size()
    }

    /// The permutation of mode `i` as a tiler entry: `_` is the identity over the atoms'
    /// extent, `n:1` with `n` the atom's extent times the atoms along the mode.
    fn permutation(&self, i: usize) -> Result<Tiler> {
        match &self.permutation_mnk[i] {
            Tiler::Underscore => Ok(Tiler::Int(arith::mul(self.atom_extent(i)?, self.atoms_along(i)?)?)),
            other => Ok(other.clone()),
        }
    }

    /// The size of the tile along mode `i`.
    fn tile_size(&self, i: usize) -> Result<i64> {
        tiler_size(&self.permutation(i)?)
    }

    /// CuTe's `thrfrg_C`: a layout of `(M,N,...)` as `((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN,...)))`.
    ///
    /// ```
    /// let atom = cute::atom::mma_atom("SM80_16x8x16_F16F16F16F16_TN").unwrap();
    /// let mma = cute::dynamic::TiledMma::new(atom, &"(2,2):(1,2)".parse().unwrap(), &cute::dynamic::Tiler::Tuple(vec![])).unwrap();
    /// let c = mma.thrfrg_c(&"(64,32):(1,64)".parse().unwrap()).unwrap();
    /// assert_eq!(c.to_string(), "(((4,8),(2,2)),((2,2),(2,2))):(((128,1),(16,512)),((64,8),(32,1024)))");
    /// ```
    pub fn thrfrg_c(&self, c: &Layout) -> Result<Layout> {
        self.thrfrg(c, [0, 1], &self.atom.layout_c)
    }

    /// CuTe's `thrfrg_A`: a layout of `(M,K,...)` as `((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK,...)))`.
    ///
    /// ```
    /// let atom = cute::atom::mma_atom("SM80_16x8x16_F16F16F16F16_TN").unwrap();
    /// let mma = cute::dynamic::TiledMma::new(atom, &"(2,2):(1,2)".parse().unwrap(), &cute::dynamic::Tiler::Tuple(vec![])).unwrap();
    /// let a = mma.thrfrg_a(&"(32,16):(1,32)".parse().unwrap()).unwrap();
    /// assert_eq!(a.to_string(), "(((4,8),(2,1)),((2,2,2),(1,1))):(((64,1),(16,0)),((32,8,256),(0,0)))");
    /// ```
    pub fn thrfrg_a(&self, a: &Layout) -> Result<Layout> {
        self.thrfrg(a, [0, 2], &self.atom.layout_a)
    }

    /// CuTe's `thrfrg_B`: a layout of `(N,K,...)` as `((ThrV,(ThrN,ThrK)),(FrgV,(RestN,RestK,...)))`.
    ///
    /// ```
    /// let atom = cute::atom::mma_atom("SM80_16x8x16_F16F16F16F16_TN").unwrap();
    /// let mma = cute::dynamic::TiledMma::new(atom, &"(2,2):(1,2)".parse().unwrap(), &cute::dynamic::Tiler::Tuple(vec![])).unwrap();
    /// assert_eq!(mma.thrfrg_b(&"(16,16):(1,16)".parse().unwrap()).unwrap().size().unwrap(), 256);
    /// ```
    pub fn thrfrg_b(&self, b: &Layout) -> Result<Layout> {
        self.thrfrg(b, [1, 2], &self.atom.layout_b)
    }

    /// `thrfrg` over the modes `modes` of `(M,N,K)` with the atom's TV layout `atom_tv`: the
    /// tensor permuted (a logical divide by the two permutations), divided into atom tiles
    /// (zipped), each atom tile composed with the atom's TV layout, and the atom tiles divided
    /// among the atoms of the thread layout along the two modes.
    fn thrfrg(&self, tensor: &Layout, modes: [usize; 2], atom_tv: &Layout) -> Result<Layout> {
        if tensor.rank() < 2 || tensor.shape().is_leaf() {
            bail!(
                RankMismatch,
                "thrfrg: the tensor {} has fewer than the two modes ({},{})",
                tensor,
                MNK[modes[0]],
                MNK[modes[1]]
            );
        }
        let permuted = logical_divide(
            tensor,
            &Tiler::Tuple(alloc::vec![self.permutation(modes[0])?, self.permutation(modes[1])?]),
        )?;
        let atoms = zipped_divide(
            &permuted,
            &Tiler::Tuple(alloc::vec![
                Tiler::Int(self.atom_extent(modes[0])?),
                Tiler::Int(self.atom_extent(modes[1])?)
            ]),
        )?;
        let tv = Layout::from_modes(alloc::vec![composition(&atoms.mode(0)?, atom_tv)?, atoms.mode(1)?]);
        zipped_divide(
            &tv,
            &Tiler::Tuple(alloc::vec![
                Tiler::Underscore,
                Tiler::Tuple(alloc::vec![
                    Tiler::Int(self.atoms_along(modes[0])?),
                    Tiler::Int(self.atoms_along(modes[1])?)
                ])
            ]),
        )
    }

    /// Thread index to its coordinate `(v,m,n,k)` in `thr_layout_vmnk` (CuTe's `get_flat_coord`
    /// of the thread, as `get_slice` takes it); an index that is not a thread (past the threads,
    /// or a lane the atoms leave idle) is an [`IndexOutOfRange`](super::ErrorKind::IndexOutOfRange)
    /// error.
    ///
    /// ```
    /// let atom = cute::atom::mma_atom("SM80_16x8x16_F16F16F16F16_TN").unwrap();
    /// let mma = cute::dynamic::TiledMma::new(atom, &"(2,2):(2,1)".parse().unwrap(), &cute::dynamic::Tiler::Tuple(vec![])).unwrap();
    /// // N-major atoms: thread 32 is the atom at (m,n) = (0,1).
    /// assert_eq!(mma.thr_vmnk(32).unwrap(), [0, 0, 1, 0]);
    /// assert!(mma.thr_vmnk(128).is_err());
    /// ```
    pub fn thr_vmnk(&self, thr_idx: i64) -> Result<[i64; 4]> {
        let vmnk = &self.thr_layout_vmnk;
        let not_a_thread = || {
            Error::new(
                ErrorKind::IndexOutOfRange,
                alloc::format!("get_slice: {} is not a thread of the tiled MMA (its threads are {})", thr_idx, vmnk),
            )
        };
        if !(0..vmnk.cosize()?).contains(&thr_idx) {
            return Err(not_a_thread());
        }
        let coord = hier_coord(thr_idx, &vmnk.shape(), &vmnk.stride())?;
        // A lane the atoms leave idle (Volta's quad-pairs leave lanes between them) has no
        // coordinate that maps to it.
        if vmnk.call_coord(&coord)? != thr_idx {
            return Err(not_a_thread());
        }
        let mut flat = [0i64; 4];
        for (i, slot) in flat.iter_mut().enumerate() {
            *slot = crd2idx(&coord.modes()[i], &vmnk.shape().modes()[i])?;
        }
        Ok(flat)
    }

    /// The thread-value layout of the whole C tile (CuTe's `get_layoutC_TV`): `(thread, value)`
    /// to `m + TM n` of the `(TM,TN)` tile. Defined where the atoms do not split K (CuTe gives
    /// the threads of a second K atom coordinates past the tile): else a
    /// [`RankMismatch`](super::ErrorKind::RankMismatch) error. The threads must be the indices
    /// `0..size` (no idle lanes among them, as one Volta atom leaves): else a
    /// [`NonInjective`](super::ErrorKind::NonInjective) error.
    ///
    /// ```
    /// let atom = cute::atom::mma_atom("SM80_16x8x16_F16F16F16F16_TN").unwrap();
    /// let mma = cute::dynamic::TiledMma::new(atom, &"(2,2):(1,2)".parse().unwrap(), &cute::dynamic::Tiler::Tuple(vec![])).unwrap();
    /// assert_eq!(mma.layout_c_tv().unwrap().to_string(), "((4,8,2,2),((2,2),(1,1))):((64,1,16,256),((32,8),(0,0)))");
    /// ```
    pub fn layout_c_tv(&self) -> Result<Layout> {
        if self.atoms_along(2)? != 1 {
            bail!(
                RankMismatch,
                "get_layoutC_TV: the atom layout {} splits K among {} atoms; C's thread-value layout is defined for one",
                self.atom_layout_mnk,
                self.atoms_along(2)?
            );
        }
        let reference = Layout::column_major(HTuple::Tuple(alloc::vec![
            HTuple::Leaf(self.tile_size(0)?),
            HTuple::Leaf(self.tile_size(1)?)
        ]))?;
        let t = self.thrfrg_c(&reference)?;
        self.by_thread_index(&t.mode(0)?, &t.mode(1)?)
    }

    /// The thread-value layout of the whole A tile (CuTe's `get_layoutA_TV`): `(thread, value)`
    /// to `m + TM k` of the `(TM,TK)` tile; the threads that differ only in their atom's N hold
    /// the same values (A does not depend on n).
    ///
    /// ```
    /// let atom = cute::atom::mma_atom("SM80_16x8x16_F16F16F16F16_TN").unwrap();
    /// let mma = cute::dynamic::TiledMma::new(atom, &"(2,2):(1,2)".parse().unwrap(), &cute::dynamic::Tiler::Tuple(vec![])).unwrap();
    /// let a = mma.layout_a_tv().unwrap();
    /// assert_eq!(a.size().unwrap(), 128 * 8);
    /// // Threads 5 and 69 (the atoms at n = 0 and n = 1) hold the same A.
    /// assert_eq!(a.call_coord(&"(5,3)".parse().unwrap()).unwrap(), a.call_coord(&"(69,3)".parse().unwrap()).unwrap());
    /// ```
    pub fn layout_a_tv(&self) -> Result<Layout> {
        self.operand_tv(0, [0, 2], |m, n| Layout::new(pair(m, n), pair(1, 0)))
    }

    /// The thread-value layout of the whole B tile (CuTe's `get_layoutB_TV`): `(thread, value)`
    /// to `n + TN k` of the `(TN,TK)` tile; B does not depend on m.
    ///
    /// ```
    /// let atom = cute::atom::mma_atom("SM80_16x8x16_F16F16F16F16_TN").unwrap();
    /// let mma = cute::dynamic::TiledMma::new(atom, &"(2,2):(1,2)".parse().unwrap(), &cute::dynamic::Tiler::Tuple(vec![])).unwrap();
    /// let b = mma.layout_b_tv().unwrap();
    /// // Threads 5 and 37 (the atoms at m = 0 and m = 1) hold the same B.
    /// assert_eq!(b.call_coord(&"(5,3)".parse().unwrap()).unwrap(), b.call_coord(&"(37,3)".parse().unwrap()).unwrap());
    /// ```
    pub fn layout_b_tv(&self) -> Result<Layout> {
        self.operand_tv(1, [1, 2], |m, n| Layout::new(pair(m, n), pair(0, 1)))
    }

    /// `get_layoutA_TV` and `get_layoutB_TV`: the operand's `thrfrg` of its compact tile, its
    /// first thread sub-mode widened to `(ThrM,ThrN)` with a stride 0 along the mode the operand
    /// does not depend on (`spread`), so that the thread mode is `(ThrV,((ThrM,ThrN),ThrK))`
    /// like the threads', then indexed by thread.
    fn operand_tv(
        &self,
        which: usize,
        modes: [usize; 2],
        spread: impl Fn(i64, i64) -> Result<Layout>,
    ) -> Result<Layout> {
        let reference = Layout::column_major(HTuple::Tuple(alloc::vec![
            HTuple::Leaf(self.tile_size(modes[0])?),
            HTuple::Leaf(self.tile_size(modes[1])?)
        ]))?;
        let t = if which == 0 { self.thrfrg_a(&reference)? } else { self.thrfrg_b(&reference)? };
        let spread = spread(self.atoms_along(0)?, self.atoms_along(1)?)?;
        let threads = composition_tiler(
            &t.mode(0)?,
            &Tiler::Tuple(alloc::vec![
                Tiler::Underscore,
                Tiler::Tuple(alloc::vec![Tiler::Layout(spread), Tiler::Underscore])
            ]),
        )?;
        self.by_thread_index(&threads, &t.mode(1)?)
    }

    /// `(threads, values)` with the thread mode (over `(V,M,N,K)` coordinates) composed with the
    /// thread index to coordinate map.
    fn by_thread_index(&self, threads: &Layout, values: &Layout) -> Result<Layout> {
        let thr_idx_to_vmnk = right_inverse(&self.thr_layout_vmnk)?;
        // With idle lanes among the threads no layout maps thread index to values (CuTe's
        // aliases the idle lanes to working ones).
        let count = self.size()?;
        if thr_idx_to_vmnk.size()? != count {
            bail!(
                NonInjective,
                "the TV layout of {}: its threads {} are not the indices 0..{} (some lanes between them are idle); tile the atom over all the lanes, or take the atom's own TV layouts",
                self,
                self.thr_layout_vmnk,
                count
            );
        }
        Ok(Layout::from_modes(alloc::vec![composition(threads, &thr_idx_to_vmnk)?, values.clone()]))
    }

    /// Thread `thr_idx`'s part of a C tensor (CuTe's `get_slice(thr_idx).partition_C(c)`): its
    /// values `(FrgV, RestM, RestN, ...)` and their offset (CuTe's `(MMA, MMA_M, MMA_N)`).
    ///
    /// ```
    /// let atom = cute::atom::mma_atom("SM80_16x8x16_F16F16F16F16_TN").unwrap();
    /// let mma = cute::dynamic::TiledMma::new(atom, &"(2,2):(1,2)".parse().unwrap(), &cute::dynamic::Tiler::Tuple(vec![])).unwrap();
    /// let (part, offset) = mma.partition_c(&"(64,32):(1,64)".parse().unwrap(), 37).unwrap();
    /// assert_eq!(format!("{} o {}", offset, part), "145 o ((2,2),2,2):((64,8),32,1024)");
    /// ```
    pub fn partition_c(&self, c: &Layout, thr_idx: i64) -> Result<(Layout, i64)> {
        let [v, m, n, _] = self.thr_vmnk(thr_idx)?;
        Self::slice_thread(&self.thrfrg_c(c)?, v, [m, n])
    }

    /// Thread `thr_idx`'s part of an A tensor `(M,K,...)`: `(FrgV, RestM, RestK, ...)` and its
    /// offset (CuTe's `partition_A`).
    ///
    /// ```
    /// let atom = cute::atom::mma_atom("SM80_16x8x16_F16F16F16F16_TN").unwrap();
    /// let mma = cute::dynamic::TiledMma::new(atom, &"(2,2):(1,2)".parse().unwrap(), &cute::dynamic::Tiler::Tuple(vec![])).unwrap();
    /// let (part, offset) = mma.partition_a(&"(64,32):(32,1)".parse().unwrap(), 37).unwrap();
    /// assert_eq!(format!("{} o {}", offset, part), "546 o ((2,2,2),2,2):((1,256,8),1024,16)");
    /// ```
    pub fn partition_a(&self, a: &Layout, thr_idx: i64) -> Result<(Layout, i64)> {
        let [v, m, _, k] = self.thr_vmnk(thr_idx)?;
        Self::slice_thread(&self.thrfrg_a(a)?, v, [m, k])
    }

    /// Thread `thr_idx`'s part of a B tensor `(N,K,...)`: `(FrgV, RestN, RestK, ...)` and its
    /// offset (CuTe's `partition_B`).
    ///
    /// ```
    /// let atom = cute::atom::mma_atom("SM80_16x8x16_F16F16F16F16_TN").unwrap();
    /// let mma = cute::dynamic::TiledMma::new(atom, &"(2,2):(1,2)".parse().unwrap(), &cute::dynamic::Tiler::Tuple(vec![])).unwrap();
    /// let (part, offset) = mma.partition_b(&"(32,32):(32,1)".parse().unwrap(), 69).unwrap();
    /// assert_eq!(format!("{} o {}", offset, part), "290 o ((2,2),2,2):((1,8),512,16)");
    /// ```
    pub fn partition_b(&self, b: &Layout, thr_idx: i64) -> Result<(Layout, i64)> {
        let [v, _, n, k] = self.thr_vmnk(thr_idx)?;
        Self::slice_thread(&self.thrfrg_b(b)?, v, [n, k])
    }

    /// The register fragment of thread 0's part of a C tensor (CuTe's `partition_fragment_C`):
    /// a compact column-major layout of the partition's shape `(MMA, MMA_M, MMA_N, ...)` (every
    /// thread's part has the same shape), indexing the thread's accumulators.
    ///
    /// ```
    /// let atom = cute::atom::mma_atom("SM80_16x8x16_F16F16F16F16_TN").unwrap();
    /// let mma = cute::dynamic::TiledMma::new(atom, &"(2,2):(1,2)".parse().unwrap(), &cute::dynamic::Tiler::Tuple(vec![])).unwrap();
    /// assert_eq!(mma.partition_fragment_c(&"(64,32):(1,64)".parse().unwrap()).unwrap().to_string(), "((2,2),2,2):((1,2),4,8)");
    /// ```
    pub fn partition_fragment_c(&self, c: &Layout) -> Result<Layout> {
        Layout::column_major(self.partition_c(c, 0)?.0.shape().clone())
    }

    /// The register fragment of an A tensor's partition (CuTe's `partition_fragment_A`, by its
    /// `make_fragment_like`): the values' mode compact column-major, except that a value mode
    /// of stride 0 (an element the partition repeats) keeps stride 0 and takes no register; the
    /// other modes compact in the order of the partition's strides, after the values.
    ///
    /// ```
    /// let atom = cute::atom::mma_atom("SM80_16x8x16_F16F16F16F16_TN").unwrap();
    /// let mma = cute::dynamic::TiledMma::new(atom, &"(2,2):(1,2)".parse().unwrap(), &cute::dynamic::Tiler::Tuple(vec![])).unwrap();
    /// // A row-major (M,K) tile: the K repetitions are the smaller stride, so they come first.
    /// assert_eq!(mma.partition_fragment_a(&"(64,32):(32,1)".parse().unwrap()).unwrap().to_string(), "((2,2,2),2,2):((1,2,4),16,8)");
    /// ```
    pub fn partition_fragment_a(&self, a: &Layout) -> Result<Layout> {
        fragment_like(&self.partition_a(a, 0)?.0)
    }

    /// The register fragment of a B tensor's partition (CuTe's `partition_fragment_B`), as
    /// [`partition_fragment_a`](TiledMma::partition_fragment_a).
    ///
    /// ```
    /// let atom = cute::atom::mma_atom("SM80_16x8x16_F16F16F16F16_TN").unwrap();
    /// let mma = cute::dynamic::TiledMma::new(atom, &"(2,2):(1,2)".parse().unwrap(), &cute::dynamic::Tiler::Tuple(vec![])).unwrap();
    /// assert_eq!(mma.partition_fragment_b(&"(32,32):(32,1)".parse().unwrap()).unwrap().size().unwrap(), 16);
    /// ```
    pub fn partition_fragment_b(&self, b: &Layout) -> Result<Layout> {
        fragment_like(&self.partition_b(b, 0)?.0)
    }

    /// `((ThrV,(Thr0,Thr1)),(FrgV,(Rest...)))` at thread `(v,(t0,t1))`: the values flattened to
    /// `(FrgV, Rest...)`, and the thread's offset.
    fn slice_thread(t: &Layout, v: i64, thr: [i64; 2]) -> Result<(Layout, i64)> {
        let threads = t.mode(0)?;
        let coord = HTuple::Tuple(alloc::vec![HTuple::Leaf(v), pair(thr[0], thr[1])]);
        let offset = threads.call_coord(&coord)?;
        let values = t.mode(1)?;
        let mut modes = alloc::vec![values.mode(0)?];
        modes.extend(values.mode(1)?.modes());
        Ok((Layout::from_modes(modes), offset))
    }
}

/// The smallest and largest offsets of a layout on its domain.
pub(super) fn offset_range(l: &Layout) -> Result<(i64, i64)> {
    let (mut low, mut high) = (0i64, 0i64);
    for (s, d) in l.flat_modes() {
        let reach = arith::mul(arith::add(s, -1)?, d)?;
        if reach < 0 {
            low = arith::add(low, reach)?;
        } else {
            high = arith::add(high, reach)?;
        }
    }
    Ok((low, high))
}

/// An atom's fields are an instruction's: `(M,N,K)` of three positive integers, threads
/// `thr_id` with non-negative strides, and each TV layout `(thread, value)` with the atom's
/// thread count, inside its operand's tile.
pub(crate) fn check_atom(atom: &MmaAtom) -> Result<()> {
    let bad = |what: alloc::string::String| {
        Err(Error::new(ErrorKind::InvalidArgument, alloc::format!("MMA atom {}: {}", atom.name, what)))
    };
    let mnk: alloc::vec::Vec<i64> = atom.shape_mnk.modes().iter().filter_map(HTuple::as_int).collect();
    if atom.shape_mnk.is_leaf() || atom.shape_mnk.rank() != 3 || mnk.len() != 3 || mnk.iter().any(|&x| x <= 0) {
        return bad(alloc::format!("its shape {} is not (M,N,K) of positive integers", atom.shape_mnk));
    }
    if offset_range(&atom.thr_id)?.0 < 0 {
        return bad(alloc::format!("its threads {} have a negative stride", atom.thr_id));
    }
    let threads = atom.thr_id.size()?;
    for (name, tv, tile) in [
        ("A", &atom.layout_a, arith::mul(mnk[0], mnk[2])?),
        ("B", &atom.layout_b, arith::mul(mnk[1], mnk[2])?),
        ("C", &atom.layout_c, arith::mul(mnk[0], mnk[1])?),
    ] {
        if tv.shape().is_leaf() || tv.rank() != 2 || tv.mode(0)?.size()? != threads {
            return bad(alloc::format!("its {} layout {} is not (thread, value) of its {} threads", name, tv, threads));
        }
        let (low, high) = offset_range(tv)?;
        if low < 0 || high >= tile {
            return bad(alloc::format!(
                "its {} layout {} reaches offsets {}..={}, outside the tile of {}",
                name,
                tv,
                low,
                high,
                tile
            ));
        }
    }
    Ok(())
}

/// CuTe's `make_fragment_like` of a partition `(V, Rest...)`: `V` compact column-major with its
/// stride-0 leaves kept at 0, the rest modes compact in the order of their strides after it.
fn fragment_like(p: &Layout) -> Result<Layout> {
    // (shape, stride) of V with the running register count.
    fn values(shape: &IntTuple, stride: &IntTuple, next: &mut i64) -> Result<IntTuple> {
        match (shape, stride) {
            (HTuple::Leaf(s), HTuple::Leaf(d)) => {
                if *d == 0 {
                    Ok(HTuple::Leaf(0))
                } else {
                    let at = *next;
                    *next = arith::mul(*next, *s)?;
                    Ok(HTuple::Leaf(at))
                }
            }
            _ => Ok(HTuple::Tuple(
                shape.modes().iter().zip(stride.modes()).map(|(s, d)| values(s, d, next)).collect::<Result<_>>()?,
            )),
        }
    }
    let v = p.mode(0)?;
    let mut registers = 1i64;
    let v_stride = values(&v.shape(), &v.stride(), &mut registers)?;
    let mut modes = alloc::vec![Layout::new(v.shape().clone(), v_stride)?];
    let rest: alloc::vec::Vec<Layout> = p.modes().into_iter().skip(1).collect();
    if !rest.is_empty() {
        let shape = HTuple::Tuple(rest.iter().map(|m| m.shape().clone()).collect());
        let order = HTuple::Tuple(rest.iter().map(|m| m.stride().clone()).collect());
        let ordered = make_ordered_layout(&shape, &order)?;
        // After the values: every stride times the registers of V.
        let scaled = Layout::new(ordered.shape().clone(), ordered.stride().try_map(|&d| arith::mul(d, registers))?)?;
        modes.extend(scaled.modes());
    }
    Ok(Layout::from_modes(modes))
}

/// The number of coordinates a tiler entry covers: `n` for `n`, a layout's size, the product of
/// a tuple's entries (`_` covers one).
fn tiler_size(t: &Tiler) -> Result<i64> {
    match t {
        Tiler::Int(n) => Ok(*n),
        Tiler::Layout(l) => l.size(),
        Tiler::Underscore => Ok(1),
        Tiler::Tuple(entries) => entries.iter().try_fold(1i64, |acc, e| Ok(arith::mul(acc, tiler_size(e)?)?)),
    }
}

/// The int tuple (or coordinate) `(a,b)`.
fn pair(a: i64, b: i64) -> IntTuple {
    HTuple::Tuple(alloc::vec![HTuple::Leaf(a), HTuple::Leaf(b)])
}

impl core::fmt::Display for TiledMma {
    /// CuTe's `make_tiled_mma` call that makes it.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "make_tiled_mma({}, {}, {})",
            self.atom.name,
            self.atom_layout_mnk,
            Tiler::Tuple(self.permutation_mnk.to_vec())
        )
    }
}
