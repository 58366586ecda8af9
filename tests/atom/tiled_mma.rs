//! Tiled MMAs (CuTe's `TiledMMA`) in the dynamic engine, against their definition, for every
//! thread and value: the tile is cut into atom tiles in the permuted order, atom tile `j` along
//! M goes to the atoms' `m = j % ThrM` and is that thread's repetition `j / ThrM`, and within
//! an atom tile each thread holds what the atom's own TV layout gives it.

use cute::dynamic::{HTuple, IntTuple, Layout, MmaAtom, TiledMma, Tiler};

fn layout(s: &str) -> Layout {
    s.parse().unwrap()
}

fn coord(c: &[i64]) -> IntTuple {
    HTuple::Tuple(c.iter().map(|&x| HTuple::Leaf(x)).collect())
}

/// One configuration: the atom, its layout over (M,N,K) and the permutation.
struct Case {
    atom: MmaAtom,
    mma: TiledMma,
    /// Atom extents (M,N,K), atoms along (M,N,K), tile (TM,TN,TK).
    atom_mnk: [i64; 3],
    thr_mnk: [i64; 3],
    tile: [i64; 3],
    /// The permutation of each mode, as the map from permuted index to tile coordinate.
    perm: [Layout; 3],
}

fn case(name: &str, atom_layout: &str, perm: &str) -> Case {
    let atom = cute::atom::mma_atom(name).unwrap();
    let mma = TiledMma::new(atom.clone(), &layout(atom_layout), &perm.parse().unwrap()).unwrap();
    let ints = |t: &IntTuple| -> [i64; 3] {
        let m = t.modes();
        [m[0].as_int().unwrap(), m[1].as_int().unwrap(), m[2].as_int().unwrap()]
    };
    let atom_mnk = ints(&atom.shape_mnk);
    let tile = ints(&mma.tile_size_mnk().unwrap());
    let vmnk = mma.thr_layout_vmnk();
    let thr_mnk = [1, 2, 3].map(|i| vmnk.mode(i).unwrap().size().unwrap());
    let perm = [0, 1, 2].map(|i| match &mma.permutation_mnk()[i] {
        Tiler::Layout(l) => l.clone(),
        _ => layout(&format!("{}:1", tile[i])),
    });
    Case { atom, mma, atom_mnk, thr_mnk, tile, perm }
}

impl Case {
    /// Each thread coordinate (v,m,n,k) with its thread index.
    fn threads(&self) -> Vec<([i64; 4], i64)> {
        let vmnk = self.mma.thr_layout_vmnk();
        let v = vmnk.mode(0).unwrap().size().unwrap();
        let mut out = Vec::new();
        for k in 0..self.thr_mnk[2] {
            for n in 0..self.thr_mnk[1] {
                for m in 0..self.thr_mnk[0] {
                    for t in 0..v {
                        out.push(([t, m, n, k], vmnk.call_coord(&coord(&[t, m, n, k])).unwrap()));
                    }
                }
            }
        }
        out
    }

    /// The tile coordinate along mode `i` of the atom tile `j` (in permuted order) at the atom's
    /// own coordinate `a`.
    fn at(&self, i: usize, j: i64, a: i64) -> i64 {
        self.perm[i].call(j * self.atom_mnk[i] + a).unwrap()
    }

    /// Checks a TV layout of operand `modes` (of M,N,K) against the definition: thread
    /// `(v, t[modes])`, value `(frg, r0, r1)` holds the atom's `(v, frg)` element of atom tile
    /// `(t0 + Thr0 r0, t1 + Thr1 r1)`.
    fn check_tv(&self, tv: &Layout, atom_tv: &Layout, modes: [usize; 2]) {
        let frg = atom_tv.mode(1).unwrap().size().unwrap();
        let reps = modes.map(|i| self.tile[i] / (self.atom_mnk[i] * self.thr_mnk[i]));
        assert_eq!(tv.size().unwrap(), self.mma.size().unwrap() * frg * reps[0] * reps[1], "{}", self.mma);
        for (thr, idx) in self.threads() {
            for f in 0..frg {
                let a = atom_tv.call_coord(&coord(&[thr[0], f])).unwrap();
                let (a0, a1) = (a % self.atom_mnk[modes[0]], a / self.atom_mnk[modes[0]]);
                for r1 in 0..reps[1] {
                    for r0 in 0..reps[0] {
                        let j0 = thr[1 + modes[0]] + self.thr_mnk[modes[0]] * r0;
                        let j1 = thr[1 + modes[1]] + self.thr_mnk[modes[1]] * r1;
                        let expect = self.at(modes[0], j0, a0) + self.tile[modes[0]] * self.at(modes[1], j1, a1);
                        let value = f + frg * (r0 + reps[0] * r1);
                        assert_eq!(
                            tv.call_coord(&coord(&[idx, value])).unwrap(),
                            expect,
                            "{}: thread {} {:?} value {}",
                            self.mma,
                            idx,
                            thr,
                            value
                        );
                    }
                }
            }
        }
    }

    /// Checks a thread's partition of a matrix of `tiles` whole tiles along the operand's two
    /// modes, with leading dimension `ld`: value `(frg, j0, j1)` at `offset + part(...)` is the
    /// matrix's element the definition gives.
    fn check_partition(&self, which: char, atom_tv: &Layout, modes: [usize; 2], tiles: [i64; 2]) {
        let rows = self.tile[modes[0]] * tiles[0];
        let ld = rows + 3;
        let matrix = layout(&format!("({},{}):(1,{})", rows, self.tile[modes[1]] * tiles[1], ld));
        let frg = atom_tv.mode(1).unwrap().size().unwrap();
        let reps = modes.map(|i| self.tile[i] / (self.atom_mnk[i] * self.thr_mnk[i]));
        for (thr, idx) in self.threads() {
            let (part, offset) = match which {
                'A' => self.mma.partition_a(&matrix, idx),
                'B' => self.mma.partition_b(&matrix, idx),
                _ => self.mma.partition_c(&matrix, idx),
            }
            .unwrap();
            for f in 0..frg {
                let a = atom_tv.call_coord(&coord(&[thr[0], f])).unwrap();
                let (a0, a1) = (a % self.atom_mnk[modes[0]], a / self.atom_mnk[modes[0]]);
                for j1 in 0..reps[1] * tiles[1] {
                    for j0 in 0..reps[0] * tiles[0] {
                        let (r0, t0) = (j0 % reps[0], j0 / reps[0]);
                        let (r1, t1) = (j1 % reps[1], j1 / reps[1]);
                        let row = t0 * self.tile[modes[0]]
                            + self.at(modes[0], thr[1 + modes[0]] + self.thr_mnk[modes[0]] * r0, a0);
                        let col = t1 * self.tile[modes[1]]
                            + self.at(modes[1], thr[1 + modes[1]] + self.thr_mnk[modes[1]] * r1, a1);
                        assert_eq!(
                            offset + part.call_coord(&coord(&[f, j0, j1])).unwrap(),
                            row + ld * col,
                            "{}: partition_{} thread {} value ({}, {}, {})",
                            self.mma,
                            which,
                            idx,
                            f,
                            j0,
                            j1
                        );
                    }
                }
            }
        }
    }

    fn check(&self) {
        self.check_tv(&self.mma.layout_c_tv().unwrap(), &self.atom.layout_c, [0, 1]);
        self.check_tv(&self.mma.layout_a_tv().unwrap(), &self.atom.layout_a, [0, 2]);
        self.check_tv(&self.mma.layout_b_tv().unwrap(), &self.atom.layout_b, [1, 2]);
        self.check_partition('C', &self.atom.layout_c, [0, 1], [2, 3]);
        self.check_partition('A', &self.atom.layout_a, [0, 2], [2, 2]);
        self.check_partition('B', &self.atom.layout_b, [1, 2], [3, 2]);
    }
}

#[test]
fn one_atom() {
    for name in
        ["SM80_16x8x16_F32F16F16F32_TN", "SM80_16x8x8_F32TF32TF32F32_TN", "SM80_8x8x4_F64F64F64F64_TN", "UniversalFMA"]
    {
        case(name, "1:0", "<>").check();
    }
}

#[test]
fn atoms_m_major_and_n_major() {
    case("SM80_16x8x16_F32F16F16F32_TN", "(2,2,1):(1,2,0)", "<>").check();
    case("SM80_16x8x16_F32F16F16F32_TN", "(2,2,1):(2,1,0)", "<>").check();
    case("SM80_16x8x32_S32S8S8S32_TN", "(4,1):(1,0)", "<>").check();
    case("SM80_16x8x8_F16F16F16F16_TN", "(1,4):(0,1)", "<>").check();
    case("UniversalFMA", "(4,8):(8,1)", "<>").check();
    // Volta's quad-pairs tiled over the warp: (2,2) atoms are its four MMAs.
    case("SM70_8x8x4_F32F16F16F32_TN", "(2,2,1):(1,2,0)", "<>").check();
    case("SM90_64x16x16_F32F16F16_RS", "(2,1,1):(1,0,0)", "<>").check();
}

#[test]
fn permutations_enlarge_and_reorder_the_tile() {
    // The N tile twice the atoms' footprint: each thread repeats along N.
    case("SM80_16x8x16_F32F16F16F32_TN", "(2,2,1):(1,2,0)", "<_,32>").check();
    // M interleaved: atom tile rows 0-15 and 32-47 first, then 16-31 and 48-63.
    case("SM80_16x8x16_F32F16F16F32_TN", "(2,2,1):(1,2,0)", "<(16,2,2):(1,32,16),_,32>").check();
    case("UniversalFMA", "(4,4,1):(1,4,0)", "<(2,4):(4,1),8:1,_>").check();
}

fn error(atom: &str, atom_layout: &str, perm: &str) -> cute::dynamic::Error {
    TiledMma::new(cute::atom::mma_atom(atom).unwrap(), &layout(atom_layout), &perm.parse().unwrap()).unwrap_err()
}

#[test]
fn bad_atom_layouts_and_permutations_name_the_condition() {
    use cute::dynamic::ErrorKind;
    let atom = "SM80_16x8x16_F32F16F16F32_TN";
    let e = error(atom, "(2,2,1,2):(1,2,4,4)", "<>");
    assert_eq!(e.kind(), ErrorKind::RankMismatch);
    assert_eq!(e.to_string(), "rank mismatch: make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1,2):(1,2,4,4), <>): the atom layout and the permutation have at most three modes (M,N,K)");
    let e = error(atom, "(2,2,1):(1,2,0)", "32");
    assert_eq!(e.kind(), ErrorKind::RankMismatch);
    assert_eq!(e.to_string(), "rank mismatch: make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1):(1,2,0), 32): the permutation is a tuple of one entry per mode (M,N,K), not 32");
    let e = error(atom, "(2,2,1):(1,1,0)", "<>");
    assert_eq!(e.kind(), ErrorKind::NonInjective);
    assert_eq!(e.to_string(), "non-injective: make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1):(1,1,0), <_,_,_>): the atom layout sends two atoms to one atom index");
    let e = error(atom, "(2,2,1):(1,2,0)", "<(16,2):(1,1)>");
    assert_eq!(e.kind(), ErrorKind::NonInjective);
    assert_eq!(e.to_string(), "non-injective: make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1):(1,2,0), <(16,2):(1,1),_,_>): the permutation of M ((16,2):(1,1)) is not a bijection of 0..32");
    let e = error(atom, "(2,2,1):(1,2,0)", "<_,24>");
    assert_eq!(e.kind(), ErrorKind::ShapeDivisibility);
    assert_eq!(e.to_string(), "shape divisibility: make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1):(1,2,0), <_,24,_>): the permutation of N has size 24, not a multiple of the atom's N 8 times the 2 atoms along N");
}

#[test]
fn what_cute_computes_wrong_is_an_error() {
    use cute::dynamic::ErrorKind;
    let atom = cute::atom::mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap();
    // Two atoms along K: CuTe's C layout gives the second atom's threads coordinates past the tile.
    let k2 = TiledMma::new(atom, &layout("(1,1,2):(0,0,1)"), &Tiler::Tuple(vec![])).unwrap();
    let e = k2.layout_c_tv().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::RankMismatch);
    assert_eq!(e.to_string(), "rank mismatch: get_layoutC_TV: the atom layout (1,1,2):(0,0,1) splits K among 2 atoms; C's thread-value layout is defined for one");
    // One Volta atom: lanes 4-15 idle; CuTe maps thread indices 4-7 to lanes 0-3's values.
    let sm70 = TiledMma::new(
        cute::atom::mma_atom("SM70_8x8x4_F16F16F16F16_TN").unwrap(),
        &layout("1:0"),
        &Tiler::Tuple(vec![]),
    )
    .unwrap();
    let e = sm70.layout_c_tv().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NonInjective);
    assert_eq!(e.to_string(), "non-injective: the TV layout of make_tiled_mma(SM70_8x8x4_F16F16F16F16_TN, (1,1,1):(0,0,0), <_,_,_>): its threads ((4,2),1,1,1):((1,16),0,0,0) are not the indices 0..8 (some lanes between them are idle); tile the atom over all the lanes, or take the atom's own TV layouts");
    let e = sm70.thr_vmnk(4).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::IndexOutOfRange);
    assert_eq!(e.to_string(), "index out of range: get_slice: 4 is not a thread of the tiled MMA (its threads are ((4,2),1,1,1):((1,16),0,0,0))");
    // Its working lanes partition as the atom does: lane 17 is row 5 (the high group's lane 1).
    let (part, offset) = sm70.partition_c(&layout("(8,8):(1,8)"), 17).unwrap();
    assert_eq!(format!("{} o {}", offset, part), "5 o (8,1,1):(8,0,0)");
}

#[test]
fn negative_strides_tuple_entries_and_malformed_atoms_are_refused() {
    use cute::dynamic::ErrorKind;
    // A negative stride numbers atoms below 0: CuTe's thread coordinates have no meaning.
    let e = error("SM80_16x8x16_F32F16F16F32_TN", "(2,2):(-1,2)", "<>");
    assert_eq!(e.kind(), ErrorKind::NegativeStride);
    assert_eq!(e.to_string(), "negative stride: make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2):(-1,2), <>): the atom layout has the negative stride -1; it numbers the atoms 0, 1, ...");
    // A permutation entry that is a tuple (CuTe's nested tiles) is not supported.
    let e = error("SM80_16x8x16_F32F16F16F32_TN", "(2,2):(1,2)", "<(16,2)>");
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(e.to_string(), "invalid argument: make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2):(1,2), <<16,2>>): the permutation entry <16,2> is a tuple; an entry is _, a size or a layout (CuTe's nested tiles are not supported)");
    // An atom whose fields are not an instruction's.
    let good = cute::atom::mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap();
    let new = |atom: MmaAtom| TiledMma::new(atom, &layout("1:0"), &Tiler::Tuple(vec![])).unwrap_err();
    let mut atom = good.clone();
    atom.shape_mnk = "((8,2),8,16)".parse().unwrap();
    let e = new(atom);
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(e.to_string(), "invalid argument: MMA atom SM80_16x8x16_F32F16F16F32_TN: its shape ((8,2),8,16) is not (M,N,K) of positive integers");
    let mut atom = good.clone();
    atom.shape_mnk = "(0,8,16)".parse().unwrap();
    assert_eq!(new(atom).kind(), ErrorKind::InvalidArgument);
    let mut atom = good.clone();
    atom.layout_c = layout("(32,8):(1,32)");
    assert_eq!(
        new(atom).to_string(),
        "invalid argument: MMA atom SM80_16x8x16_F32F16F16F32_TN: its C layout (32,8):(1,32) reaches offsets 0..=255, outside the tile of 128"
    );
    let mut atom = good;
    atom.layout_a = layout("(16,16):(1,16)");
    assert_eq!(
        new(atom).to_string(),
        "invalid argument: MMA atom SM80_16x8x16_F32F16F16F32_TN: its A layout (16,16):(1,16) is not (thread, value) of its 32 threads"
    );
}
