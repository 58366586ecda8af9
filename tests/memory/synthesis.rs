//! Swizzle synthesis against the simulator.

use super::*;

// ------------------------------------------------------------------------------------------
// Swizzle synthesis against the simulator: CuTe's swizzles by brute force, and the F2 optimum.
// ------------------------------------------------------------------------------------------

/// The simulator's total wavefronts and ideal of an access, or None where it cannot be made.
fn sim_total(tile: &Tile, elem: i64, tv: &Tv, instruction: Instruction) -> Option<(u64, u64)> {
    let instrs = simulate_banks(tile, elem, tv, instruction).ok()?;
    let phases = instrs.iter().flat_map(|i| &i.phases);
    Some(phases.fold((0, 0), |(w, i), p| (w + p.wavefronts as u64, i + p.ideal as u64)))
}

/// Every valid `Sw<B,M,S>` whose bits lie below `bits`, written from CuTe's rules (B >= 1,
/// |S| >= B, both B-bit ranges inside the bits).
fn all_swizzles(bits: i64) -> Vec<(i64, i64, i64)> {
    let mut out = Vec::new();
    for b in 1..=bits {
        for m in 0..=bits {
            for s in -bits..=bits {
                if s.abs() >= b && m + s.max(0) + b <= bits && m - s.min(0) + b <= bits {
                    out.push((b, m, s));
                }
            }
        }
    }
    out
}

/// A random tile that is a permutation of its offset bits (offset bits cut into runs, one mode
/// each, the modes in a random logical order), and one or two random linear accesses of it:
/// each value's first bits the vector (offsets 1, 2, 4, ...), the other thread and value bits
/// distinct index bits of the tile, sometimes a thread bit of stride 0 (a broadcast).
fn random_linear_case(rng: &mut Rng) -> (Tile, i64, Vec<(Tv, Instruction)>, Vec<i64>) {
    let elem = rng.pick(&[1i64, 2, 4, 8, 16]);
    let n = rng.range(4, 11);
    // Runs of offset bits: (first bit, length).
    let mut runs = Vec::new();
    let mut at = 0;
    while at < n {
        let len = rng.range(1, 5).min(n - at);
        runs.push((at, len));
        at += len;
    }
    shuffle(rng, &mut runs);
    let modes: Vec<(i64, i64)> = runs.iter().map(|&(b, len)| (1i64 << len, 1i64 << b)).collect();
    // The index vector of each offset bit: index bit positions follow the logical order.
    let mut index_of = vec![0i64; n as usize];
    let mut k = 0;
    for &(b, len) in &runs {
        for j in 0..len {
            index_of[(b + j) as usize] = 1 << (k + j);
        }
        k += len;
    }
    let tile = Tile { modes, kind: Kind::Plain };
    let mut accesses = Vec::new();
    for _ in 0..rng.range(1, 2) {
        let instruction = loop {
            let i = random_instruction(rng);
            let (bytes, _, _) = shape_of(i);
            if bytes >= elem && (bytes / elem).trailing_zeros() as i64 <= n {
                break i;
            }
        };
        let (bytes, _, _) = shape_of(instruction);
        let vb = (bytes / elem).trailing_zeros() as i64;
        let mut rest: Vec<i64> = (vb..n).map(|j| index_of[j as usize]).collect();
        shuffle(rng, &mut rest);
        let threads_bits = rng.range(0, (rest.len() as i64).min(7));
        let mut threads: Vec<(i64, i64)> = rest[..threads_bits as usize].iter().map(|&d| (2, d)).collect();
        if rng.below(5) == 0 {
            threads.insert(rng.below(threads.len() as u64 + 1) as usize, (2, 0));
        }
        let extra = rng.range(0, (rest.len() as i64 - threads_bits).min(2));
        let mut values: Vec<(i64, i64)> = (0..vb).map(|j| (2, index_of[j as usize])).collect();
        values.extend(rest[threads_bits as usize..(threads_bits + extra) as usize].iter().map(|&d| (2, d)));
        if threads.is_empty() {
            threads.push((1, 0));
        }
        if values.is_empty() {
            values.push((1, 0));
        }
        accesses.push((Tv { threads, values }, instruction));
    }
    (tile, elem, accesses, index_of)
}

/// Random linear tiles and accesses: the best CuTe swizzle is the best of all valid ones
/// walked through the simulator, its wavefronts are the simulator's, and the F2 optimum is a
/// permutation of the tile's offsets that the simulator finds conflict-free (the ideal, the
/// least any layout can take), equal to its swizzle where it names one.
#[test]
fn synthesis_matches_the_simulator_on_linear_cases() {
    use cute::memory::{synthesize_swizzle, Access};
    let mut rng = Rng(0x005e_edf2);
    let mut cases = 0;
    let (mut not_reached, mut checked, mut walked) = (0, 0, 0);
    while cases < 150 {
        let (mut tile, elem, accesses, index_of) = random_linear_case(&mut rng);
        // Sometimes stages above the tile, 3 of them: the accesses stay in stage 0, where the
        // layout is still linear, but the tile is no longer a permutation of its index bits.
        let staged = rng.below(4) == 0;
        if staged {
            tile.modes.push((3, tile.size()));
        }
        // Sometimes padded: the outermost mode's stride grows by a whole widest vector, so the
        // layout is not linear and every swizzle is walked.
        let padded = !staged && rng.below(4) == 0 && tile.modes.len() > 1;
        if padded {
            let widest = accesses.iter().map(|(_, i)| shape_of(*i).0).max().unwrap() / elem;
            let top = (0..tile.modes.len()).max_by_key(|&i| tile.modes[i].1).unwrap();
            tile.modes[top].1 += widest.max(1);
        }
        // Cases the plain tile cannot serve (an ldmatrix moving fewer rows than its threads
        // give) are not the synthesis's to answer.
        let plain: Option<Vec<(u64, u64)>> =
            accesses.iter().map(|(tv, ins)| sim_total(&tile, elem, tv, *ins)).collect();
        let Some(plain) = plain else { continue };
        cases += 1;
        let lib: Vec<Access> = accesses.iter().map(|(tv, ins)| Access { tv: tv.layout(), instruction: *ins }).collect();
        let what = format!(
            "tile {} elem {} accesses {:?}",
            tile.text(),
            elem,
            accesses.iter().map(|(tv, i)| format!("{} by {}", tv.text(), i)).collect::<Vec<_>>()
        );
        let s = synthesize_swizzle(&tile.plain(), elem, &lib).unwrap_or_else(|e| panic!("{}: {}", what, e));
        let cosize = (0..tile.size()).map(|k| tile.offset(k)).max().unwrap() + 1;
        let n = 64 - (cosize - 1).leading_zeros() as i64;
        // The brute force: every valid swizzle that keeps the offsets below the cosize,
        // through the simulator.
        let mut best = plain.iter().map(|p| p.0).sum::<u64>();
        for (b, m, sh) in all_swizzles(n) {
            let t = Tile { modes: tile.modes.clone(), kind: Kind::Swizzled { b, m, s: sh, offset: 0 } };
            if (0..t.size()).any(|k| t.offset(k) >= cosize) {
                continue;
            }
            let totals: Option<Vec<(u64, u64)>> =
                accesses.iter().map(|(tv, ins)| sim_total(&t, elem, tv, *ins)).collect();
            if let Some(totals) = totals {
                best = best.min(totals.iter().map(|p| p.0).sum());
            }
        }
        assert_eq!(s.best().total(), best, "{}: best {}", what, s.best().swizzle);
        let sw = s.best().swizzle;
        let t = Tile {
            modes: tile.modes.clone(),
            kind: Kind::Swizzled { b: sw.bits() as i64, m: sw.base() as i64, s: sw.shift() as i64, offset: 0 },
        };
        let measured: Vec<u64> = accesses.iter().map(|(tv, ins)| sim_total(&t, elem, tv, *ins).unwrap().0).collect();
        assert_eq!(s.best().wavefronts, measured, "{}", what);
        // The F2 optimum, for a tile whose extents are powers of two.
        if staged {
            let e = s.f2().unwrap_err();
            assert!(e.message().starts_with("extent 3 of the tile"), "{}: {}", what, e);
            assert_eq!(s.reaches_f2_optimum(), None);
            continue;
        }
        let f2 = s.f2().unwrap_or_else(|e| panic!("{}: {}", what, e));
        if padded {
            walked += 1;
        }
        let flat: Layout = f2.layout.to_string().replace('f', "").parse().unwrap();
        let ft = Tile { modes: flat.flat_modes(), kind: Kind::F2 };
        let offsets: BTreeSet<i64> = (0..ft.size()).map(|k| ft.offset(k)).collect();
        assert_eq!(offsets, (0..tile.size()).collect::<BTreeSet<_>>(), "{}: {} is not a permutation", what, f2.layout);
        let sim: Vec<(u64, u64)> = accesses
            .iter()
            .map(|(tv, ins)| {
                sim_total(&ft, elem, tv, *ins).unwrap_or_else(|| panic!("{}: {} breaks a vector", what, f2.layout))
            })
            .collect();
        assert_eq!(f2.wavefronts, sim.iter().map(|p| p.0).collect::<Vec<_>>(), "{}", what);
        // A padded tile has room a permutation of its offsets has not: CuTe's best may beat it.
        assert!(padded || f2.total() <= s.best().total(), "{}: F2 {} worse than {}", what, f2.layout, s.best().swizzle);
        if let Some(least) = least_in_class(&tile, elem, &accesses, &index_of).filter(|_| !padded) {
            checked += 1;
            assert!(f2.total() <= least, "{}: F2 {} takes {:?}, a layout of the class {}", what, f2.layout, sim, least);
            if f2.swizzle.is_none() {
                assert_eq!(f2.total(), least, "{}: F2 {}", what, f2.layout);
            }
        }
        assert_eq!(s.reaches_f2_optimum(), Some(s.best().total() == f2.total()), "{}", what);
        if let Some(sw) = f2.swizzle {
            let t = Tile {
                modes: tile.modes.clone(),
                kind: Kind::Swizzled { b: sw.bits() as i64, m: sw.base() as i64, s: sw.shift() as i64, offset: 0 },
            };
            assert!((0..tile.size()).all(|k| t.offset(k) == ft.offset(k)), "{}: {} is not {}", what, f2.layout, sw);
        }
        if s.reaches_f2_optimum() == Some(false) {
            not_reached += 1;
        }
    }
    // Some cases must need more than CuTe's swizzles, or the comparison was never made.
    assert!(not_reached > 0, "every case reached the F2 optimum with a CuTe swizzle");
    assert!(checked >= 20, "only {} cases small enough to enumerate their class", checked);
    assert!(walked >= 10, "only {} padded cases", walked);
}

/// The fewest wavefronts over the F2 layouts `F o tile` whose `F` keeps the offset bits of the
/// widest vector and maps the bits above it among themselves, by enumerating every subspace
/// the row bits (bytes 128 and up) can take there (the bank bits completed by unit vectors):
/// None where the class is too large to enumerate here, or where bits below a word are free
/// (no access moves a word or more).
fn least_in_class(tile: &Tile, elem: i64, accesses: &[(Tv, Instruction)], index_of: &[i64]) -> Option<u64> {
    let n = index_of.len() as u32;
    let eps = elem.trailing_zeros();
    let widest = accesses.iter().map(|(_, i)| shape_of(*i).0).max().unwrap();
    if widest < 4 && elem < 4 {
        return None;
    }
    let vb = (widest / elem).trailing_zeros();
    let upper = n - vb;
    let rows: Vec<u32> = (0..upper).filter(|j| j + vb >= 7u32.saturating_sub(eps)).collect();
    let r = rows.len() as u32;
    // The number of r-dimensional subspaces of F2^upper, bounded.
    let mut count: f64 = 1.0;
    for i in 0..r {
        count *= ((1u64 << (upper - i)) - 1) as f64 / ((1u64 << (i + 1)) - 1) as f64;
    }
    if count > 800.0 {
        return None;
    }
    let mut least = u64::MAX;
    // Reduced echelon bases: pivots (each row's highest bit), the bits below them free.
    for pivots in 0u32..1 << upper {
        if pivots.count_ones() != r {
            continue;
        }
        let pv: Vec<u32> = (0..upper).filter(|j| pivots >> j & 1 == 1).collect();
        let free: Vec<Vec<u32>> = pv.iter().map(|&p| (0..p).filter(|j| pivots >> j & 1 == 0).collect()).collect();
        let total: usize = free.iter().map(|f| f.len()).sum();
        for mask in 0u64..1 << total {
            let mut at = 0;
            let basis: Vec<i64> = pv
                .iter()
                .zip(&free)
                .map(|(&p, f)| {
                    let mut v = 1i64 << p;
                    for &j in f {
                        if mask >> at & 1 == 1 {
                            v |= 1 << j;
                        }
                        at += 1;
                    }
                    v
                })
                .collect();
            // F^-1 on the upper bits: the rows' positions get the basis, the others units.
            let mut cols = vec![0i64; upper as usize];
            let mut chosen = basis.clone();
            for (k, &j) in rows.iter().enumerate() {
                cols[j as usize] = basis[k];
            }
            for j in (0..upper).filter(|j| !rows.contains(j)) {
                let v = (0..upper).map(|i| 1i64 << i).find(|&u| independent(&chosen, u)).unwrap();
                chosen.push(v);
                cols[j as usize] = v;
            }
            // F^-1 on all offset bits, then F, then the layout: index bit k at offset bit o.
            let finv: Vec<i64> = (0..vb).map(|j| 1i64 << j).chain(cols.iter().map(|c| c << vb)).collect();
            let f = invert(&finv);
            let mut modes = vec![(2i64, 0i64); n as usize];
            for (o, &k) in index_of.iter().enumerate() {
                modes[k.trailing_zeros() as usize] = (2, f[o]);
            }
            let t = Tile { modes, kind: Kind::F2 };
            let totals: Option<u64> = accesses.iter().map(|(tv, ins)| sim_total(&t, elem, tv, *ins).map(|p| p.0)).sum();
            if let Some(w) = totals {
                least = least.min(w);
            }
        }
    }
    let _ = tile;
    Some(least)
}

/// Whether `v` is outside the span of `vs` (Gaussian elimination).
fn independent(vs: &[i64], v: i64) -> bool {
    let mut basis: Vec<i64> = Vec::new();
    for &x in vs.iter().chain([&v]) {
        let mut x = x;
        for &b in &basis {
            x = x.min(x ^ b);
        }
        if x == 0 {
            return false;
        }
        basis.push(x);
        basis.sort_unstable_by(|a, b| b.cmp(a));
    }
    true
}

/// The inverse of an invertible matrix over F2 given by its columns.
fn invert(cols: &[i64]) -> Vec<i64> {
    let n = cols.len();
    // Solve M x = e_i for each i by trying: rows of [M | I] reduced (Gauss-Jordan).
    let mut rows: Vec<(i64, i64)> =
        (0..n).map(|i| (cols.iter().enumerate().fold(0, |a, (j, c)| a | ((c >> i & 1) << j)), 1i64 << i)).collect();
    for c in 0..n {
        let p = (c..n).find(|&r| rows[r].0 >> c & 1 == 1).expect("invertible");
        rows.swap(c, p);
        for r in 0..n {
            if r != c && rows[r].0 >> c & 1 == 1 {
                rows[r] = (rows[r].0 ^ rows[c].0, rows[r].1 ^ rows[c].1);
            }
        }
    }
    (0..n).map(|j| rows.iter().enumerate().fold(0, |a, (i, r)| a | ((r.1 >> j & 1) << i))).collect()
}

/// The synthesis's bounds, each an error naming its kind, never a search of unbounded time or
/// memory: a tile whose offsets must each be checked (cosize not a power of two) beyond
/// MAX_PAIRS, and a walked search beyond MAX_SEARCH_WORK.
#[test]
fn synthesis_refuses_what_it_cannot_bound() {
    use cute::memory::{synthesize_swizzle, Access, MAX_PAIRS, MAX_SEARCH_WORK};
    let warp = Access { tv: "(32,1):(1,0)".parse().unwrap(), instruction: Instruction::Vector { bytes: 4 } };
    // Three stages of 2^20 elements, and the same with a stride-0 mode of 16 on top.
    for tile in ["(1024,1024,3):(1,1024,1048576)", "(1024,1024,3,16):(1,1024,1048576,0)"] {
        let e = synthesize_swizzle(&tile.parse::<Layout>().unwrap(), 4, std::slice::from_ref(&warp)).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TooManyCells, "{}", e);
        assert!(e.message().ends_with(&format!("more than the {} checked", MAX_PAIRS)), "{}", e);
    }
    // 24 threads (not linear, so walked) of 43690 values each through every swizzle of 10 bits.
    let many = Access { tv: "(24,43690):(1,0)".parse().unwrap(), instruction: Instruction::Vector { bytes: 4 } };
    let e = synthesize_swizzle(&"(32,32):(32,1)".parse::<Layout>().unwrap(), 4, &[many]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument, "{}", e);
    assert!(e.message().contains(&format!("more than the {} searched", MAX_SEARCH_WORK)), "{}", e);
}

/// An F2 layout gives each index its own offset, so a tile that does not (a stride-0 mode) has
/// no F2 optimum, nor a tile of more index bits than the search's.
#[test]
fn f2_optimum_needs_one_offset_per_index() {
    use cute::memory::{synthesize_swizzle, Access};
    let cases = [
        ("(2,32,2):(0,1,96)", "(32,1):(2,0)", ErrorKind::NonInjective, "gives 128 indices 64 offsets"),
        ("(2,2,2):(1,0,6)", "(8,1):(1,0)", ErrorKind::NonInjective, "gives 8 indices 4 offsets"),
        (
            "(68719476736,32,32):(0,32,1)",
            "(32,32):(68719476736,2199023255552)",
            ErrorKind::InvalidArgument,
            "2^46 indices",
        ),
    ];
    for (tile, tv, kind, says) in cases {
        let read = Access { tv: tv.parse().unwrap(), instruction: Instruction::Vector { bytes: 4 } };
        let s = synthesize_swizzle(&tile.parse::<Layout>().unwrap(), 4, &[read]).unwrap();
        let e = s.f2().unwrap_err();
        assert_eq!(e.kind(), kind, "{}: {}", tile, e);
        assert!(e.message().contains(says), "{}: {}", tile, e);
        assert_eq!(s.reaches_f2_optimum(), None);
    }
}
