//! The atoms by CuTe's names, in the dynamic engine.

use cute::atom::{mma_atom, mma_atom_names, MmaTraits, SM70_8x8x4_F32F16F16F32_NT, SM90_64x64x16_F32BF16BF16_RS};

/// Every name is an atom whose layouts are its static type's, and no name is listed twice.
#[test]
fn every_atom_by_name_has_its_static_layouts() {
    let names = mma_atom_names();
    // 1 universal, 8 SM70, 13 SM75/SM80, 36 SM90.
    assert_eq!(names.len(), 1 + 8 + 13 + 36);
    let mut sorted = names.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), names.len(), "a name is listed twice");
    for name in &names {
        let atom = mma_atom(name).unwrap();
        assert_eq!(&atom.name, name);
        assert_eq!(atom.layout_a.size().unwrap() % atom.thr_id.size().unwrap(), 0, "{name}");
    }
    let atom = mma_atom("SM70_8x8x4_F32F16F16F32_NT").unwrap();
    type T = SM70_8x8x4_F32F16F16F32_NT;
    assert_eq!(atom.thr_id, <T as MmaTraits>::ThrId::default().to_dynamic());
    assert_eq!(atom.layout_a, <T as MmaTraits>::ALayout::default().to_dynamic());
    assert_eq!(atom.layout_b, <T as MmaTraits>::BLayout::default().to_dynamic());
    assert_eq!(atom.layout_c, <T as MmaTraits>::CLayout::default().to_dynamic());
    assert_eq!(atom.shape_mnk.to_string(), "(8,8,4)");
    let atom = mma_atom("SM90_64x64x16_F32BF16BF16_RS").unwrap();
    type U = SM90_64x64x16_F32BF16BF16_RS;
    assert_eq!(atom.layout_c, <U as MmaTraits>::CLayout::default().to_dynamic());
    assert_eq!(atom.shape_mnk.to_string(), "(64,64,16)");
}

#[test]
fn a_name_that_is_not_an_atom_is_none() {
    assert!(mma_atom("SM80_16x8x16_F32F16F16F32").is_none());
    assert!(mma_atom("sm80_16x8x16_f32f16f16f32_tn").is_none());
    assert!(mma_atom("").is_none());
}
