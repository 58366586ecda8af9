//! Thousands of random cases, the library's counts against the simulator's, and the accesses a
//! vector instruction cannot make.

use super::*;

/// Thousands of random cases: the library's per-instruction, per-phase counts against the
/// simulator's.
#[test]
fn bank_conflicts_match_the_simulator() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut failures = Vec::new();
    let mut seen = BTreeMap::new();
    // Valid cases with: several warps, a partial warp, ldmatrix/stmatrix, a 4-way conflict or
    // worse, several instructions per thread.
    let mut shapes = [0u32; 5];
    for i in 0..6000u64 {
        let instruction = random_instruction(&mut rng);
        let elem = random_elem(&mut rng, instruction);
        let (tile, tv) = random_case(&mut rng, i % 3, elem, instruction);
        let valid = simulate_banks(&tile, elem, &tv, instruction);
        let conflicted = valid.as_ref().is_ok_and(|s| s.iter().flat_map(|i| &i.phases).any(|p| p.wavefronts > p.ideal));
        *seen.entry((i % 3, valid.is_ok(), conflicted)).or_insert(0) += 1;
        if let Ok(sim) = &valid {
            let most = sim.iter().flat_map(|i| &i.phases).map(|p| p.wavefronts).max().unwrap_or(0);
            shapes[0] += (tv.n_threads() > 32) as u32;
            shapes[1] += (tv.n_threads() % 32 != 0) as u32;
            shapes[2] += matches!(instruction, Instruction::Matrix { .. }) as u32;
            shapes[3] += (most >= 4) as u32;
            shapes[4] += (sim.iter().map(|i| i.step).max().unwrap_or(0) > 0) as u32;
        }
        if let Some(f) = check_banks(&tile, elem, &tv, instruction) {
            failures.push(f);
        }
    }
    eprintln!("cases (kind, valid, conflicted): {:?}; shapes {:?}", seen, shapes);
    assert!(shapes.iter().all(|&n| n >= 100), "{:?}", shapes);
    // The generator reaches every kind of tile, valid and not, with and without conflicts.
    for kind in 0..3 {
        for key in [(kind, true, false), (kind, true, true), (kind, false, false)] {
            assert!(seen.get(&key).copied().unwrap_or(0) >= 100, "too few cases {:?}: {:?}", key, seen);
        }
    }
    assert!(
        failures.is_empty(),
        "{} disagreements, first:\n{}",
        failures.len(),
        failures[..failures.len().min(5)].join("\n")
    );
}

/// Global coalescing: distinct sectors and lines per warp instruction, against the simulator.
#[test]
fn coalescing_matches_the_simulator() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut failures = Vec::new();
    let (mut valid, mut invalid, mut uncoalesced) = (0, 0, 0);
    for _ in 0..3000 {
        let instruction = Instruction::Vector { bytes: rng.pick(&[1, 2, 4, 8, 16]) };
        let elem = random_elem(&mut rng, instruction);
        let (mut tile, tv) = random_case(&mut rng, 0, elem, instruction);
        if rng.below(3) == 0 {
            // Spread the tile: strides scaled by a multiple of the vector (still aligned).
            let (bytes, _, _) = shape_of(instruction);
            let f = rng.range(2, 40);
            for m in tile.modes.iter_mut().filter(|m| m.1 != 1) {
                m.1 *= f * (bytes / elem).max(1);
            }
        }
        match simulate_global(&tile, elem, &tv, instruction) {
            Ok(sim) => {
                valid += 1;
                uncoalesced += sim.iter().any(|t| t.3 > t.4) as u32;
            }
            Err(_) => invalid += 1,
        }
        if let Some(f) = check_global(&tile, elem, &tv, instruction) {
            failures.push(f);
        }
    }
    assert!(valid >= 2000 && invalid >= 100 && uncoalesced >= 500, "{} {} {}", valid, invalid, uncoalesced);
    assert!(
        failures.is_empty(),
        "{} disagreements, first:\n{}",
        failures.len(),
        failures[..failures.len().min(5)].join("\n")
    );
}

// ------------------------------------------------------------------------------------------
// Accesses a vector cannot make.
// ------------------------------------------------------------------------------------------

#[test]
fn values_a_vector_cannot_move_are_refused() {
    let smem: Layout = "64:1".parse().unwrap();
    let v8 = Instruction::Vector { bytes: 8 };
    // Thread t's two f32 at 2t, 2t + 1: contiguous, 8-byte aligned.
    assert!(
        bank_conflicts(Shared::from(&smem), 4, &"(32,2):(2,1)".parse::<cute::dynamic::Layout>().unwrap(), v8).is_ok()
    );
    // Its two values 32 elements apart: not contiguous, from thread 0 on.
    expect_refused(Shared::from(&smem), 4, "(32,2):(1,32)", v8, 0);
    // In reverse order (offsets 2t + 1, 2t, after an offset of 1): the same bytes, but not in
    // the order of the values.
    let reversed = ComposedLayout::new(make_swizzle(0, 0, 0).unwrap(), 1, "(2,32):(-1,2)".parse().unwrap());
    expect_refused(Shared::from(&reversed), 4, "(32,2):(2,1)", v8, 0);
    // Contiguous but at 3t: thread 1's pair starts at byte 12, not 8-byte aligned.
    let odd: Layout = "(2,32):(1,3)".parse().unwrap();
    expect_refused(Shared::from(&odd), 4, "(32,2):(2,1)", v8, 1);
    // A swizzle that moves the second element of a pair: Sw<1,0,1> XORs bit 0 with bit 1, so
    // the pair (2, 3) becomes (3, 2): thread 1 is the first whose values are not in order.
    let sw = ComposedLayout::new(make_swizzle(1, 0, 1).unwrap(), 0, smem.clone());
    expect_refused(Shared::from(&sw), 4, "(32,2):(2,1)", v8, 1);
    // An offset of one element: every pair misaligned, from thread 0 on.
    let shifted = ComposedLayout::new(make_swizzle(0, 0, 0).unwrap(), 1, "65:1".parse().unwrap());
    expect_refused(Shared::from(&shifted), 4, "(32,2):(2,1)", v8, 0);
    // F2: `(2,32):(f1,f3)` puts thread 1's pair at 3, 2.
    let f2: F2Layout = "(2,32):(f1,f3)".parse().unwrap();
    expect_refused(Shared::from(&f2), 4, "(32,2):(2,1)", v8, 1);
    // ldmatrix of 16-bit elements: each thread's values 4-7 are 16 columns after 0-3.
    let rows: Layout = "(8,64):(64,1)".parse().unwrap();
    expect_refused(Shared::from(&rows), 2, "((8,4),(4,2)):((1,64),(8,128))", Instruction::Matrix { rows: 32 }, 0);
    // The same through the global analysis.
    let e = coalescing(&smem, 4, &"(32,2):(1,32)".parse::<cute::dynamic::Layout>().unwrap(), v8).unwrap_err();
    assert_eq!((e.kind(), named_thread(e.message())), (ErrorKind::InvalidArgument, Some(0)), "{}", e.message());
    let e = coalescing(&odd, 4, &"(32,2):(2,1)".parse::<cute::dynamic::Layout>().unwrap(), v8).unwrap_err();
    assert_eq!((e.kind(), named_thread(e.message())), (ErrorKind::InvalidArgument, Some(1)), "{}", e.message());
}
