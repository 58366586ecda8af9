//! Tiled copies (CuTe's `TiledCopy`) in the dynamic engine: `make_tiled_copy`'s blocks against
//! their definition, and copies made from a tiled MMA (`make_tiled_copy_A/B`) delivering each
//! thread exactly its MMA fragment, with `retile` putting the fragment in the copy's order.

use cute::dynamic::{ErrorKind, Layout, TiledCopy, TiledMma, Tiler};

fn layout(s: &str) -> Layout {
    s.parse().unwrap()
}

/// `make_tiled_copy(atom, thr, val)`: thread `t` at coordinate `(tm, tn)` of `thr` owns the
/// `val`-shaped block at `(tm VM, tn VN)`, its value `v` at `val`'s coordinate of `v` in it.
fn check_make(atom: &str, bits: i64, thr: &str, val: &str, vm_vn: (i64, i64)) {
    let (thr, val) = (layout(thr), layout(val));
    let copy = TiledCopy::make(cute::atom::copy_atom(atom).unwrap(), bits, &thr, &val).unwrap();
    let (tm_count, tn_count) = (thr.mode(0).unwrap().size().unwrap(), thr.mode(1).unwrap().size().unwrap());
    let (vm, vn) = vm_vn;
    let rows = tm_count * vm;
    assert_eq!(copy.tiler().to_string(), format!("({},{})", rows, tn_count * vn));
    // Each (thread, value) of the definition, and the matrix element it is at, over a matrix of
    // 2 x 3 tiles with a padded leading dimension.
    let ld = 2 * rows + 1;
    let matrix = layout(&format!("({},{}):(1,{})", 2 * rows, 3 * tn_count * vn, ld));
    for tn in 0..tn_count {
        for tm in 0..tm_count {
            let t = thr.call_coord(&format!("({},{})", tm, tn).parse().unwrap()).unwrap();
            let (part, offset) = copy.partition_s(&matrix, t).unwrap();
            let values = part.mode(0).unwrap();
            for cn in 0..vn {
                for cm in 0..vm {
                    let v = val.call_coord(&format!("({},{})", cm, cn).parse().unwrap()).unwrap();
                    let (m, n) = (tm * vm + cm, tn * vn + cn);
                    assert_eq!(
                        copy.layout_tv().call_coord(&format!("({},{})", t, v).parse().unwrap()).unwrap(),
                        m + rows * n
                    );
                    // The tile at (1,2): rest coordinate (1,2).
                    let at = offset
                        + values.call(v).unwrap()
                        + part.mode(1).unwrap().call(1).unwrap()
                        + part.mode(2).unwrap().call(2).unwrap();
                    assert_eq!(at, (rows + m) + ld * (2 * tn_count * vn + n), "{}: thread {} value {}", copy, t, v);
                }
            }
        }
    }
}

#[test]
fn make_tiled_copy_gives_each_thread_its_block() {
    // The SM80 tutorial's global -> shared copy: 128 threads, 8 halves each along K, one cp.async.
    check_make("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", 16, "(32,4):(4,1)", "(1,8):(1,1)", (1, 8));
    check_make("UniversalCopy<uint32_t>", 32, "(4,8):(8,1)", "(2,1):(1,1)", (2, 1));
    check_make("UniversalCopy<uint64_t>", 16, "(8,4):(1,8)", "(4,1):(1,1)", (4, 1));
    check_make("UniversalCopy<uint32_t>", 32, "(2,2):(1,2)", "(2,3):(3,1)", (2, 3));
}

/// A copy made from a tiled MMA's operand delivers each thread its MMA fragment: the value `j`
/// of the copy's destination partition is the element the MMA's partition holds at the
/// fragment index `retile(fragment)(j)`; and the source side reads, per instruction, one
/// contiguous 16-byte row per thread.
fn check_for_mma(mma: &TiledMma, operand: char, atom: &str, smem: &str) {
    let atom = cute::atom::copy_atom(atom).unwrap();
    let copy = match operand {
        'A' => TiledCopy::for_mma_a(atom, 16, mma),
        _ => TiledCopy::for_mma_b(atom, 16, mma),
    }
    .unwrap();
    let smem = layout(smem);
    for t in 0..mma.size().unwrap() {
        let (frag_part, frag_offset) = match operand {
            'A' => mma.partition_a(&smem, t),
            _ => mma.partition_b(&smem, t),
        }
        .unwrap();
        // The register fragment: compact over the partition's shape.
        let fragment = Layout::column_major(frag_part.shape().clone()).unwrap();
        let retiled = copy.retile(&fragment).unwrap();
        let (dst, dst_offset) = copy.partition_d(&smem, t).unwrap();
        assert_eq!(retiled.size().unwrap(), dst.size().unwrap());
        for j in 0..dst.size().unwrap() {
            let index = retiled.call(j).unwrap();
            assert_eq!(
                frag_offset + frag_part.call(index).unwrap(),
                dst_offset + dst.call(j).unwrap(),
                "{}: thread {} copy value {}",
                copy,
                t,
                j
            );
        }
        // Each instruction's source values (mode (FrgV, ...) of the first instruction) are 8
        // consecutive halves: one 16-byte row.
        let (src, src_offset) = copy.partition_s(&smem, t).unwrap();
        let one_instruction = src.mode(0).unwrap().mode(0).unwrap();
        assert_eq!(one_instruction.size().unwrap(), 8, "{}", copy);
        let first = src_offset + src.call(0).unwrap();
        for v in 0..8 {
            assert_eq!(
                src_offset + one_instruction.call(v).unwrap(),
                first + v,
                "{}: thread {} row value {}",
                copy,
                t,
                v
            );
        }
    }
}

#[test]
fn ldmatrix_copies_deliver_the_mma_fragments() {
    let mma = TiledMma::new(
        cute::atom::mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap(),
        &layout("(2,2,1):(1,2,0)"),
        &Tiler::Tuple(vec![]),
    )
    .unwrap();
    // K-major shared memory (rows of K contiguous): ldmatrix without .trans.
    check_for_mma(&mma, 'A', "SM75_U32x4_LDSM_N", "(32,32):(32,1)");
    check_for_mma(&mma, 'B', "SM75_U32x2_LDSM_N", "(16,32):(32,1)");
    // M-major (N-major) shared memory: the transposing ldmatrix reads columns as rows.
    check_for_mma(&mma, 'A', "SM75_U16x8_LDSM_T", "(32,32):(1,32)");
    check_for_mma(&mma, 'B', "SM75_U16x4_LDSM_T", "(16,32):(1,16)");
    // The N tile doubled by the permutation: each B fragment has two atoms along N per thread.
    let wide = TiledMma::new(
        cute::atom::mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap(),
        &layout("(2,2,1):(1,2,0)"),
        &"<_,32>".parse().unwrap(),
    )
    .unwrap();
    check_for_mma(&wide, 'B', "SM75_U32x4_LDSM_N", "(32,32):(32,1)");
}

#[test]
fn copies_that_cannot_be_made_name_the_condition() {
    let atom = |n: &str| cute::atom::copy_atom(n).unwrap();
    let e = TiledCopy::new(atom("SM75_U16x8_LDSM_T"), 32, &layout("(32,8):(8,1)"), &"(16,16)".parse().unwrap())
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(
        e.to_string(),
        "invalid argument: Copy_Atom<SM75_U16x8_LDSM_T, 32-bit>: the destination layout in elements, ((4,4),(1,2,4)):((8,1),(1,4,32)), has 16 threads, not the atom's 32: the atom does not copy 32-bit elements"
    );
    // CuTe's upcast rounds 32 bits up to two 24-bit elements.
    let e = TiledCopy::make(atom("UniversalCopy<uint32_t>"), 24, &layout("4:1"), &layout("1:0")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(
        e.to_string(),
        "invalid argument: Copy_Atom<UniversalCopy<uint32_t>, 24-bit>: the source layout (1,32):(0,1) moves 32 bits, not a whole number of 24-bit elements"
    );
    let e = TiledCopy::make(atom("UniversalCopy<uint32_t>"), 64, &layout("4:1"), &layout("1:0")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    let e = TiledCopy::new(atom("SM75_U32x4_LDSM_N"), 16, &layout("(16,(2,4)):(2,(1,32))"), &"(8,16)".parse().unwrap())
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ShapeDivisibility);
    assert_eq!(
        e.to_string(),
        "shape divisibility: make_tiled_copy(SM75_U32x4_LDSM_N): the TV layout (16,(2,4)):(2,(1,32)) has 16 threads and 8 values, not multiples of the atom's 32 threads and 8 values"
    );
    let e = TiledCopy::new(atom("UniversalCopy<uint32_t>"), 32, &layout("(4,2):(1,8)"), &"(4,2)".parse().unwrap())
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NonInjective);
    assert_eq!(
        e.to_string(),
        "non-injective: make_tiled_copy(UniversalCopy<uint32_t>): the TV layout (4,2):(1,8) reaches index 11 of the tile (4,2) of 8 elements"
    );
    // Two threads on one element: CuTe makes a copy that writes it twice.
    let e = TiledCopy::make(atom("UniversalCopy<uint32_t>"), 32, &layout("(4,2):(1,0)"), &layout("1:0")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NonInjective);
    let e = TiledCopy::make(atom("UniversalCopy<uint32_t>"), 32, &layout("4:1"), &layout("1:0"))
        .unwrap()
        .partition_s(&layout("8:1"), 4)
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::IndexOutOfRange);
    assert_eq!(e.to_string(), "index out of range: get_slice: thread 4 is not below the 4 threads of the tiled copy");
}

#[test]
fn a_tv_layout_must_stay_in_and_cover_its_tile() {
    let atom = || cute::atom::copy_atom("UniversalCopy<uint32_t>").unwrap();
    // A negative stride reads before the tile.
    let e = TiledCopy::new(atom(), 32, &layout("(4,2):(-1,4)"), &"(4,2)".parse().unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NonInjective);
    assert_eq!(
        e.to_string(),
        "non-injective: make_tiled_copy(UniversalCopy<uint32_t>): the TV layout (4,2):(-1,4) reaches index -3 of the tile (4,2) of 8 elements"
    );
    // Elements no thread copies.
    let e = TiledCopy::new(atom(), 32, &layout("(4,1):(2,0)"), &"(8)".parse().unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(
        e.to_string(),
        "invalid argument: make_tiled_copy(UniversalCopy<uint32_t>): the TV layout (4,1):(2,0) leaves element 1 of the tile (8) to no thread"
    );
    // A copy atom whose fields are not (thread, bit) layouts of its threads.
    let mut bad = atom();
    bad.layout_src = layout("(2,16):(16,1)");
    let e = TiledCopy::new(bad, 32, &layout("(4,1):(1,0)"), &"(4)".parse().unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(
        e.to_string(),
        "invalid argument: copy atom UniversalCopy<uint32_t>: its source layout (2,16):(16,1) is not (thread, bit) of its 1 threads with non-negative strides"
    );
}
