//! The copy atoms' layouts, in bits, against the PTX ISA's text of `ldmatrix`, `stmatrix` and
//! `cp.async`, for every thread and bit.
//!
//! The matrices are 8 x 8 of 16-bit elements, matrix `j`'s row `r` at bits `1024 j + 128 r`.
//! From the ISA: "Each address corresponds to the start of a matrix row"; threads 0-7 give
//! addr0-addr7 (the first matrix's rows), 8-15 addr8-addr15, ...; "For .num = .x1 and .num =
//! .x2, addresses contained in lower threads can be copied to higher threads"; "a group of four
//! consecutive threads loads [stores] 16 bytes"; "each thread in a warp loads fragments of a row,
//! with thread 0 receiving the first fragment in its register r"; "when .num = .x2, the elements
//! of the second matrix are loaded in the next destination register"; ".trans indicates that
//! the matrix is loaded in column-major format"; the first 16-bit element of a register in its
//! low bits (`mov`'s packing: "d = a.x | (a.y << 16)").

use cute::atom::*;

/// The row address lane `lane` gives, as the bit where its row starts, for `.x{num}`: its own
/// (`addr{lane}`) where the table gives it one, else a copy of a lower lane's.
fn row_bit(lane: usize, num: usize) -> usize {
    128 * (lane % (8 * num))
}

/// Bit `b` (0..32) of register `j` of lane `lane`: element `b / 16` of the lane's fragment of
/// matrix `j`, at (row `lane / 4`, column `2 (lane % 4) + b / 16`), or with `.trans` at
/// (row `2 (lane % 4) + b / 16`, column `lane / 4`).
fn register_bit(lane: usize, j: usize, b: usize, trans: bool) -> usize {
    let (row, col) = if trans { (2 * (lane % 4) + b / 16, lane / 4) } else { (lane / 4, 2 * (lane % 4) + b / 16) };
    1024 * j + 16 * (8 * row + col) + b % 16
}

/// Checks an atom's address side (128 bits a lane) and register side (32 bits a register).
macro_rules! matrix_atom {
    ($atom:ty, $num:expr, $trans:expr, addresses $addr:ident, registers $reg:ident) => {{
        type T = $atom;
        let (num, trans): (usize, bool) = ($num, $trans);
        assert_eq!(<T as CopyTraits>::ThrId::default().to_string(), "_32:_1");
        let addr = <T as CopyTraits>::$addr::default();
        let reg = <T as CopyTraits>::$reg::default();
        assert_eq!(addr.size(), 32 * 128, "{}", T::NAME);
        assert_eq!(reg.size() as usize, 32 * 32 * num, "{}", T::NAME);
        for lane in 0..32 {
            for b in 0..128 {
                assert_eq!(
                    addr.call(lane + 32 * b) as usize,
                    row_bit(lane, num) + b,
                    "{}: lane {} bit {}",
                    T::NAME,
                    lane,
                    b
                );
            }
            for j in 0..num {
                for b in 0..32 {
                    let v = b + 32 * j;
                    assert_eq!(
                        reg.call(lane + 32 * v) as usize,
                        register_bit(lane, j, b, trans),
                        "{}: lane {} register {} bit {}",
                        T::NAME,
                        lane,
                        j,
                        b
                    );
                }
            }
        }
    }};
}

#[test]
fn ldmatrix_reads_rows_and_fills_registers() {
    matrix_atom!(SM75_U32x1_LDSM_N, 1, false, addresses SrcLayout, registers DstLayout);
    matrix_atom!(SM75_U32x2_LDSM_N, 2, false, addresses SrcLayout, registers DstLayout);
    matrix_atom!(SM75_U32x4_LDSM_N, 4, false, addresses SrcLayout, registers DstLayout);
    matrix_atom!(SM75_U16x2_LDSM_T, 1, true, addresses SrcLayout, registers DstLayout);
    matrix_atom!(SM75_U16x4_LDSM_T, 2, true, addresses SrcLayout, registers DstLayout);
    matrix_atom!(SM75_U16x8_LDSM_T, 4, true, addresses SrcLayout, registers DstLayout);
}

#[test]
fn stmatrix_reads_registers_and_writes_rows() {
    matrix_atom!(SM90_U32x1_STSM_N, 1, false, addresses DstLayout, registers SrcLayout);
    matrix_atom!(SM90_U32x2_STSM_N, 2, false, addresses DstLayout, registers SrcLayout);
    matrix_atom!(SM90_U32x4_STSM_N, 4, false, addresses DstLayout, registers SrcLayout);
    matrix_atom!(SM90_U16x2_STSM_T, 1, true, addresses DstLayout, registers SrcLayout);
    matrix_atom!(SM90_U16x4_STSM_T, 2, true, addresses DstLayout, registers SrcLayout);
    matrix_atom!(SM90_U16x8_STSM_T, 4, true, addresses DstLayout, registers SrcLayout);
}

/// The register side of a matrix atom reaches every bit of its matrices once.
#[test]
fn the_register_formulas_cover_the_matrices() {
    for trans in [false, true] {
        let mut seen = vec![false; 1024 * 4];
        for lane in 0..32 {
            for j in 0..4 {
                for b in 0..32 {
                    let bit = register_bit(lane, j, b, trans);
                    assert!(!seen[bit], "bit {bit} twice");
                    seen[bit] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}

/// One thread copies one value: bit `b` of the source to bit `b` of the destination.
macro_rules! one_value {
    ($($atom:ty: $bits:expr),*) => {$(
        type T = $atom;
        assert_eq!(<T as CopyTraits>::ThrId::default().size(), 1);
        for (side, l) in [("src", <T as CopyTraits>::SrcLayout::default()), ("dst", <T as CopyTraits>::DstLayout::default())] {
            assert_eq!(l.size(), $bits, "{} {}", T::NAME, side);
            for b in 0..$bits {
                assert_eq!(l.call(b), b as isize, "{} {}", T::NAME, side);
            }
        }
    )*};
}

#[test]
fn universal_copies_move_one_value() {
    {
        one_value!(UniversalCopy<u8>: 8);
    }
    {
        one_value!(UniversalCopy<u16>: 16);
    }
    {
        one_value!(UniversalCopy<u32>: 32);
    }
    {
        one_value!(UniversalCopy<u64>: 64);
    }
    {
        one_value!(UniversalCopy<u128>: 128);
    }
}

/// "cp-size can only be 4, 8 and 16"; `.cg` takes 16 only.
#[test]
fn cp_async_copies_4_8_or_16_bytes() {
    {
        one_value!(SM80_CP_ASYNC_CACHEALWAYS<u32>: 32);
    }
    {
        one_value!(SM80_CP_ASYNC_CACHEALWAYS<u64>: 64);
    }
    {
        one_value!(SM80_CP_ASYNC_CACHEALWAYS<u128>: 128);
    }
    {
        one_value!(SM80_CP_ASYNC_CACHEGLOBAL<u128>: 128);
    }
    assert_eq!(SM80_CP_ASYNC_CACHEALWAYS::<u64>::CACHE, ".ca");
    assert_eq!(SM80_CP_ASYNC_CACHEGLOBAL::<u128>::CACHE, ".cg");
}

#[test]
fn copy_atoms_by_name() {
    let names = copy_atom_names();
    // 5 universal, 4 cp.async, 6 ldmatrix, 6 stmatrix.
    assert_eq!(names.len(), 5 + 4 + 6 + 6);
    let mut sorted = names.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), names.len());
    let atom = copy_atom("SM75_U16x4_LDSM_T").unwrap();
    type T = SM75_U16x4_LDSM_T;
    assert_eq!(atom.layout_src, <T as CopyTraits>::SrcLayout::default().to_dynamic());
    assert_eq!(atom.layout_dst, <T as CopyTraits>::DstLayout::default().to_dynamic());
    assert_eq!(atom.layout_ref, atom.layout_dst);
    assert_eq!(copy_atom("SM90_U32x2_STSM_N").unwrap().layout_ref.to_string(), "(32,(32,2)):(32,(1,1024))");
    assert!(copy_atom("SM80_CP_ASYNC_CACHEGLOBAL<uint32_t>").is_none());
}

/// The bank-conflict analysis knows every copy atom of `cute::atom`, each as the instruction its
/// name says: `ldmatrix` and `stmatrix` `.x1`, `.x2` and `.x4` (CuTe's `U32x1`/`U16x2`, ...:
/// the registers or 16-bit values a thread holds) have 8, 16 and 32 threads giving a row
/// address each (the ISA: "threads 0-7 supply addresses" for `.x1`, 0-15 for `.x2`, all for
/// `.x4`); a universal copy or `cp.async` of a type moves its bytes.
#[test]
fn the_bank_analysis_knows_every_copy_atom() {
    use cute::memory::Instruction;
    let rows = |name: &str| match () {
        _ if name.contains("U32x1") || name.contains("U16x2") => 8,
        _ if name.contains("U32x2") || name.contains("U16x4") => 16,
        _ if name.contains("U32x4") || name.contains("U16x8") => 32,
        _ => unreachable!("{}: not a matrix atom", name),
    };
    let bytes = |name: &str| {
        [("uint8_t", 1), ("uint16_t", 2), ("uint32_t", 4), ("uint64_t", 8), ("uint128_t", 16)]
            .iter()
            .find(|(t, _)| name.ends_with(&format!("<{}>", t)))
            .map(|&(_, b)| b)
            .unwrap_or_else(|| unreachable!("{}: not a vector atom", name))
    };
    let names = copy_atom_names();
    assert_eq!(names.len(), 21);
    for name in names {
        let expected = if name.contains("LDSM") || name.contains("STSM") {
            Instruction::Matrix { rows: rows(&name) }
        } else {
            Instruction::Vector { bytes: bytes(&name) }
        };
        assert_eq!(Instruction::atom(&name).unwrap_or_else(|e| panic!("{}: {}", name, e)), expected, "{}", name);
    }
    let e = Instruction::atom("UniversalCopy<uint24_t>").unwrap_err();
    assert_eq!(e.kind(), cute::error::ErrorKind::InvalidArgument);
    assert!(e
        .message()
        .starts_with("unknown copy atom 'UniversalCopy<uint24_t>': expected one of UniversalCopy<uint8_t>"));
}
