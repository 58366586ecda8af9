//! `cute::memory` checked against a brute-force simulator written here from the model's text
//! (not from the module's code): shared-memory bank conflicts phase by phase, global-memory
//! sectors and lines, the errors of accesses a vector instruction cannot make, and known cases
//! worked out from first principles (ldmatrix with and without `Sw<3,3,3>`, the Hopper
//! swizzle modes, a 32 x 32 f32 transpose).
//!
//! The model, as the simulator implements it:
//! - a TV layout maps (thread, value) to the column-major index of the tile; the tile's layout
//!   maps that index to an element offset; byte address = offset * element bytes;
//! - an instruction of `B` bytes moves `V = B / elem_bytes` values of each thread, the values
//!   `s V .. (s + 1) V` in step `s`, which must be contiguous (offsets `o, o + 1, ...`) and
//!   aligned (`o * elem_bytes` a multiple of `B`);
//! - warp `w` is threads `32 w .. 32 w + 32`; up to 4 bytes: one phase of 32 lanes; 8 bytes:
//!   two of 16; 16 bytes: four of 8; ldmatrix/stmatrix: the first `rows` lanes, phases of 8;
//! - an access of `B` bytes at `a` touches the words `a / 4 ..= (a + B - 1) / 4`, bank
//!   `word mod 32`; a phase takes as many wavefronts as its busiest bank has distinct words
//!   (0 if it moves nothing), and at best `ceil(bytes / 128)`;
//! - globally: the distinct 32-byte sectors and 128-byte lines of the bytes a warp instruction
//!   moves, against `ceil(distinct bytes / 32)` and `ceil(distinct bytes / 128)`.

#[path = "common/rng.rs"]
mod rng;

use std::collections::{BTreeMap, BTreeSet};

use cute::dynamic::{make_swizzle, ComposedLayout, ErrorKind, F2Layout, Layout};
use cute::memory::{bank_conflicts, coalescing, BankReport, Instruction};
use cute::picture::Shared;
use rng::Rng;

// ------------------------------------------------------------------------------------------
// Layouts, evaluated here (flat modes, column-major coordinates).
// ------------------------------------------------------------------------------------------

/// How the tile's plain offsets become memory offsets.
#[derive(Clone, Debug)]
enum Kind {
    Plain,
    /// `Sw<b,m,s>(offset + L(k))`.
    Swizzled {
        b: i64,
        m: i64,
        s: i64,
        offset: i64,
    },
    /// F2 strides: the XOR over modes of the carry-less product coordinate * stride.
    F2,
}

/// A tile: flat modes (extent, stride) in the tile's logical order, and how they combine.
#[derive(Clone, Debug)]
struct Tile {
    modes: Vec<(i64, i64)>,
    kind: Kind,
}

/// CuTe's `Swizzle<B,M,S>::apply`: `x ^ shiftr(x & yyy_msk, S)`, `yyy_msk` the `B` bits at
/// `M + max(0, S)`.
fn swizzle(b: i64, m: i64, s: i64, x: i64) -> i64 {
    let yyy = ((1i64 << b) - 1) << (m + s.max(0));
    let t = x & yyy;
    x ^ if s >= 0 { t >> s } else { t << -s }
}

/// Carry-less product: the XOR of `d << j` over the set bits `j` of `c`.
fn clmul(c: i64, d: i64) -> i64 {
    (0..63).filter(|j| (c >> j) & 1 == 1).fold(0, |r, j| r ^ (d << j))
}

/// The column-major coordinates of `k` over `extents`.
fn coords(mut k: i64, extents: impl Iterator<Item = i64>) -> Vec<i64> {
    extents
        .map(|n| {
            let c = k % n;
            k /= n;
            c
        })
        .collect()
}

fn group(modes: &[(i64, i64)], f2: bool) -> (String, String) {
    let stride = |d: i64| if f2 { format!("f{}", d) } else { d.to_string() };
    match modes.len() {
        0 => ("1".into(), if f2 { "f0".into() } else { "0".into() }),
        1 => (modes[0].0.to_string(), stride(modes[0].1)),
        _ => (
            format!("({})", modes.iter().map(|m| m.0.to_string()).collect::<Vec<_>>().join(",")),
            format!("({})", modes.iter().map(|m| stride(m.1)).collect::<Vec<_>>().join(",")),
        ),
    }
}

impl Tile {
    fn size(&self) -> i64 {
        self.modes.iter().map(|m| m.0).product()
    }

    /// The element offset of tile index `k`.
    fn offset(&self, k: i64) -> i64 {
        let c = coords(k, self.modes.iter().map(|m| m.0));
        match self.kind {
            Kind::Plain => c.iter().zip(&self.modes).map(|(c, m)| c * m.1).sum(),
            Kind::Swizzled { b, m, s, offset } => {
                swizzle(b, m, s, offset + c.iter().zip(&self.modes).map(|(c, md)| c * md.1).sum::<i64>())
            }
            Kind::F2 => c.iter().zip(&self.modes).fold(0, |r, (c, m)| r ^ clmul(*c, m.1)),
        }
    }

    fn text(&self) -> String {
        let (s, d) = group(&self.modes, matches!(self.kind, Kind::F2));
        format!("{}:{}", s, d)
    }

    fn plain(&self) -> Layout {
        let (s, d) = group(&self.modes, false);
        format!("{}:{}", s, d).parse().unwrap()
    }

    fn describe(&self) -> String {
        match self.kind {
            Kind::Plain => self.text(),
            Kind::Swizzled { b, m, s, offset } => format!("Sw<{},{},{}> o {} o {}", b, m, s, offset, self.text()),
            Kind::F2 => format!("F2 {}", self.text()),
        }
    }

    /// `f` on the library's form of the tile.
    fn with<R>(&self, f: impl FnOnce(Shared<'_>) -> R) -> R {
        match self.kind {
            Kind::Plain => f(Shared::from(&self.plain())),
            Kind::Swizzled { b, m, s, offset } => {
                let c = ComposedLayout::new(make_swizzle(b, m, s).unwrap(), offset, self.plain());
                f(Shared::from(&c))
            }
            Kind::F2 => {
                let l: F2Layout = self.text().parse().unwrap();
                f(Shared::from(&l))
            }
        }
    }
}

/// A TV layout: thread modes and value modes, flat, each (extent, stride into the tile index).
#[derive(Clone, Debug)]
struct Tv {
    threads: Vec<(i64, i64)>,
    values: Vec<(i64, i64)>,
}

impl Tv {
    fn parse(text: &str) -> Tv {
        // Only used on the known cases' texts, to evaluate them with the same code.
        let l: Layout = text.parse().unwrap();
        let mode = |i: usize| l.mode(i).unwrap().flat_modes();
        Tv { threads: mode(0), values: mode(1) }
    }

    fn n_threads(&self) -> i64 {
        self.threads.iter().map(|m| m.0).product()
    }

    fn n_values(&self) -> i64 {
        self.values.iter().map(|m| m.0).product()
    }

    fn at(&self, t: i64, v: i64) -> i64 {
        let ct = coords(t, self.threads.iter().map(|m| m.0));
        let cv = coords(v, self.values.iter().map(|m| m.0));
        ct.iter().zip(&self.threads).map(|(c, m)| c * m.1).sum::<i64>()
            + cv.iter().zip(&self.values).map(|(c, m)| c * m.1).sum::<i64>()
    }

    fn text(&self) -> String {
        let (ts, td) = group(&self.threads, false);
        let (vs, vd) = group(&self.values, false);
        format!("({},{}):({},{})", ts, vs, td, vd)
    }

    fn layout(&self) -> Layout {
        self.text().parse().unwrap()
    }
}

// ------------------------------------------------------------------------------------------
// The simulator.
// ------------------------------------------------------------------------------------------

#[derive(Debug, PartialEq)]
struct SimPhase {
    /// (thread, byte address, bytes), in lane order.
    accesses: Vec<(i64, i64, u32)>,
    wavefronts: u32,
    ideal: u32,
    worst_bank: Option<u32>,
    colliding: Vec<(i64, i64)>,
}

#[derive(Debug)]
struct SimInstr {
    warp: i64,
    step: i64,
    phases: Vec<SimPhase>,
}

/// The instruction's shape, from the model's text (not from `Instruction`'s methods).
fn shape_of(instruction: Instruction) -> (i64, i64, i64) {
    // (bytes per thread, lanes that move, lanes per phase)
    match instruction {
        Instruction::Vector { bytes } => {
            let b = bytes as i64;
            (b, 32, if b <= 4 { 32 } else { 32 / (b / 4) })
        }
        Instruction::Matrix { rows } => (16, rows as i64, 8),
        #[allow(unreachable_patterns)]
        _ => panic!("an instruction the model does not describe"),
    }
}

/// One phase's wavefronts, ideal, busiest bank and the accesses that touch it.
fn phase(accesses: Vec<(i64, i64, u32)>) -> SimPhase {
    let words = |a: i64, b: u32| (a.div_euclid(4))..=((a + b as i64 - 1).div_euclid(4));
    let mut banks: BTreeMap<i64, BTreeSet<i64>> = BTreeMap::new();
    for &(_, a, b) in &accesses {
        for w in words(a, b) {
            banks.entry(w.rem_euclid(32)).or_default().insert(w);
        }
    }
    let wavefronts = banks.values().map(|s| s.len()).max().unwrap_or(0) as u32;
    let bytes: u32 = accesses.iter().map(|a| a.2).sum();
    let ideal = bytes.div_ceil(128);
    // BTreeMap iterates banks in order: the first with the most words is the lowest.
    let worst_bank = banks.iter().find(|(_, s)| s.len() as u32 == wavefronts).map(|(b, _)| *b);
    let mut colliding = Vec::new();
    if let Some(wb) = worst_bank {
        for &(t, a, b) in &accesses {
            for w in words(a, b) {
                if w.rem_euclid(32) == wb {
                    colliding.push((t, w * 4));
                }
            }
        }
    }
    SimPhase { accesses, wavefronts, ideal, worst_bank: worst_bank.map(|b| b as u32), colliding }
}

/// Per (warp, step): the (thread, byte address) of the moving lanes, in lane order, or the
/// threads whose values of a step are not contiguous or not aligned (all threads, and the
/// moving ones).
#[allow(clippy::type_complexity)]
fn accesses(
    tile: &Tile,
    elem: i64,
    tv: &Tv,
    instruction: Instruction,
) -> Result<Vec<(i64, i64, Vec<(i64, i64)>)>, (BTreeSet<i64>, BTreeSet<i64>)> {
    let (bytes, moving, _) = shape_of(instruction);
    assert_eq!(bytes % elem, 0);
    let v = bytes / elem;
    assert_eq!(tv.n_values() % v, 0);
    let steps = tv.n_values() / v;
    let n = tv.n_threads();
    let (mut bad, mut bad_moving) = (BTreeSet::new(), BTreeSet::new());
    let mut start = vec![vec![0i64; steps as usize]; n as usize];
    for t in 0..n {
        for s in 0..steps {
            let o: Vec<i64> = (0..v).map(|j| tile.offset(tv.at(t, s * v + j))).collect();
            let ok = o.iter().enumerate().all(|(j, x)| *x == o[0] + j as i64) && (o[0] * elem).rem_euclid(bytes) == 0;
            if !ok {
                bad.insert(t);
                if t % 32 < moving {
                    bad_moving.insert(t);
                }
            }
            start[t as usize][s as usize] = o[0] * elem;
        }
    }
    // Lanes an ldmatrix/stmatrix does not take an address from (`rows` and up) move nothing:
    // their values need not be contiguous (the library agrees: it checks only moving lanes).
    if !bad_moving.is_empty() {
        return Err((bad, bad_moving));
    }
    let mut out = Vec::new();
    for w in 0..(n + 31) / 32 {
        for s in 0..steps {
            let acc = (32 * w..(32 * w + moving).min(n)).map(|t| (t, start[t as usize][s as usize])).collect();
            out.push((w, s, acc));
        }
    }
    Ok(out)
}

fn simulate_banks(
    tile: &Tile,
    elem: i64,
    tv: &Tv,
    instruction: Instruction,
) -> Result<Vec<SimInstr>, (BTreeSet<i64>, BTreeSet<i64>)> {
    let (bytes, moving, per_phase) = shape_of(instruction);
    Ok(accesses(tile, elem, tv, instruction)?
        .into_iter()
        .map(|(warp, step, acc)| {
            let phases = (0..moving / per_phase)
                .map(|p| {
                    phase(
                        acc.iter()
                            .filter(|(t, _)| (t % 32) / per_phase == p)
                            .map(|&(t, a)| (t, a, bytes as u32))
                            .collect(),
                    )
                })
                .collect();
            SimInstr { warp, step, phases: trim(phases) }
        })
        .collect())
}

/// The phases without their trailing empty ones (lanes past the TV's last thread): the
/// library lists only the phases that have threads (a phase with none would take 0
/// wavefronts, ideal 0, no worst bank: the totals are the same).
fn trim(mut phases: Vec<SimPhase>) -> Vec<SimPhase> {
    while phases.last().is_some_and(|p| p.accesses.is_empty()) {
        phases.pop();
    }
    phases
}

/// (warp, step, distinct bytes, sectors, min sectors, lines, min lines).
type SimTraffic = (i64, i64, u64, u64, u64, u64, u64);

fn simulate_global(
    tile: &Tile,
    elem: i64,
    tv: &Tv,
    instruction: Instruction,
) -> Result<Vec<SimTraffic>, (BTreeSet<i64>, BTreeSet<i64>)> {
    let (bytes, _, _) = shape_of(instruction);
    Ok(accesses(tile, elem, tv, instruction)?
        .into_iter()
        .map(|(w, s, acc)| {
            let used: BTreeSet<i64> = acc.iter().flat_map(|&(_, a)| a..a + bytes).collect();
            let sectors: BTreeSet<i64> = used.iter().map(|a| a.div_euclid(32)).collect();
            let lines: BTreeSet<i64> = used.iter().map(|a| a.div_euclid(128)).collect();
            let n = used.len() as u64;
            (w, s, n, sectors.len() as u64, n.div_ceil(32), lines.len() as u64, n.div_ceil(128))
        })
        .collect())
}

/// The library's report in the simulator's terms.
fn library_phases(r: &BankReport) -> Vec<(i64, i64, Vec<SimPhase>)> {
    r.instructions()
        .iter()
        .map(|i| {
            let phases = i
                .phases
                .iter()
                .map(|p| SimPhase {
                    accesses: p.accesses.iter().map(|a| (a.thread, a.address, a.bytes)).collect(),
                    wavefronts: p.wavefronts,
                    ideal: p.ideal,
                    worst_bank: p.worst_bank,
                    colliding: p.colliding.clone(),
                })
                .collect();
            (i.warp, i.step, phases)
        })
        .collect()
}

/// The thread a message names ("thread N").
fn named_thread(message: &str) -> Option<i64> {
    let i = message.find("thread ")? + "thread ".len();
    message[i..].chars().take_while(|c| c.is_ascii_digit()).collect::<String>().parse().ok()
}

/// Compares the library with the simulator on one case; `None` if they agree.
fn check_banks(tile: &Tile, elem: i64, tv: &Tv, instruction: Instruction) -> Option<String> {
    let case = format!("tile {} elem {} tv {} {:?}", tile.describe(), elem, tv.text(), instruction);
    let sim = simulate_banks(tile, elem, tv, instruction);
    let lib = tile.with(|s| bank_conflicts(s, elem, &tv.layout(), instruction));
    match (sim, lib) {
        (Ok(sim), Ok(lib)) => {
            let got = library_phases(&lib);
            if got.len() != sim.len() {
                return Some(format!("{}: {} instructions, expected {}", case, got.len(), sim.len()));
            }
            for (g, e) in got.iter().zip(&sim) {
                if (g.0, g.1) != (e.warp, e.step) {
                    return Some(format!("{}: instruction ({},{}), expected ({},{})", case, g.0, g.1, e.warp, e.step));
                }
                if g.2 != e.phases {
                    return Some(format!(
                        "{}: warp {} step {}:\n  library   {:?}\n  simulator {:?}",
                        case, e.warp, e.step, g.2, e.phases
                    ));
                }
            }
            // The totals, the worst phase (the most wavefronts over ideal, the first such) and
            // the degree.
            let all: Vec<&SimPhase> = sim.iter().flat_map(|i| &i.phases).collect();
            let total: u64 = all.iter().map(|p| p.wavefronts as u64).sum();
            let ideal: u64 = all.iter().map(|p| p.ideal as u64).sum();
            if (lib.wavefronts(), lib.ideal(), lib.instruction()) != (total, ideal, instruction) {
                return Some(format!(
                    "{}: totals ({}, {}), expected ({}, {})",
                    case,
                    lib.wavefronts(),
                    lib.ideal(),
                    total,
                    ideal
                ));
            }
            let mut worst: Option<&SimPhase> = None;
            for p in all.iter().filter(|p| p.ideal > 0) {
                if worst.is_none_or(|w| p.wavefronts as u64 * w.ideal as u64 > w.wavefronts as u64 * p.ideal as u64) {
                    worst = Some(p);
                }
            }
            let lib_worst = lib.worst().map(|(_, p)| (p.wavefronts, p.ideal, p.worst_bank, p.colliding.clone()));
            let sim_worst = worst.map(|p| (p.wavefronts, p.ideal, p.worst_bank, p.colliding.clone()));
            if lib_worst != sim_worst {
                return Some(format!("{}: worst {:?}, expected {:?}", case, lib_worst, sim_worst));
            }
            if let Some(w) = worst {
                if lib.degree() != w.wavefronts.div_ceil(w.ideal) {
                    return Some(format!(
                        "{}: degree {}, expected {}",
                        case,
                        lib.degree(),
                        w.wavefronts.div_ceil(w.ideal)
                    ));
                }
            }
            None
        }
        (Err((_, bad)), Err(e)) => (e.kind() != ErrorKind::InvalidArgument
            || !named_thread(e.message()).is_some_and(|t| bad.contains(&t)))
        .then(|| {
            format!(
                "{}: error {:?} {:?}, expected InvalidArgument naming one of {:?}",
                case,
                e.kind(),
                e.message(),
                bad
            )
        }),
        (Err((bad, bad_moving)), Ok(lib)) => Some(format!(
            "{}: accepted ({} wavefronts), but threads {:?} (moving {:?}) cannot move their values",
            case,
            lib.wavefronts(),
            bad,
            bad_moving
        )),
        (Ok(_), Err(e)) => Some(format!("{}: refused: {:?} {}", case, e.kind(), e.message())),
    }
}

fn check_global(tile: &Tile, elem: i64, tv: &Tv, instruction: Instruction) -> Option<String> {
    let case = format!("global {} elem {} tv {} {:?}", tile.describe(), elem, tv.text(), instruction);
    let sim = simulate_global(tile, elem, tv, instruction);
    let lib = coalescing(&tile.plain(), elem, &tv.layout(), instruction);
    match (sim, lib) {
        (Ok(sim), Ok(lib)) => {
            let got: Vec<SimTraffic> = lib
                .instructions()
                .iter()
                .map(|t| (t.warp, t.step, t.bytes, t.sectors, t.min_sectors, t.lines, t.min_lines))
                .collect();
            if got != sim {
                return Some(format!("{}:\n  library   {:?}\n  simulator {:?}", case, got, sim));
            }
            let used: u64 = sim.iter().map(|t| t.2).sum();
            let sectors: u64 = sim.iter().map(|t| t.3).sum();
            let min: u64 = sim.iter().map(|t| t.4).sum();
            if (lib.sectors(), lib.min_sectors()) != (sectors, min) {
                return Some(format!(
                    "{}: totals ({}, {}), expected ({}, {})",
                    case,
                    lib.sectors(),
                    lib.min_sectors(),
                    sectors,
                    min
                ));
            }
            if sectors > 0 && (lib.efficiency() - used as f64 / (sectors * 32) as f64).abs() > 1e-12 {
                return Some(format!("{}: efficiency {}, expected {}/{}", case, lib.efficiency(), used, sectors * 32));
            }
            None
        }
        (Err((_, bad)), Err(e)) => (e.kind() != ErrorKind::InvalidArgument
            || !named_thread(e.message()).is_some_and(|t| bad.contains(&t)))
        .then(|| format!("{}: error {:?} {:?}, expected one naming one of {:?}", case, e.kind(), e.message(), bad)),
        (Err((_, bad)), Ok(_)) => Some(format!("{}: accepted, but threads {:?} cannot move their values", case, bad)),
        (Ok(_), Err(e)) => Some(format!("{}: refused: {:?} {}", case, e.kind(), e.message())),
    }
}

// ------------------------------------------------------------------------------------------
// Random cases.
// ------------------------------------------------------------------------------------------

/// Splits `(n, d)` into two modes `(a, d), (n / a, d a)` at random, when `n` has a factor.
fn split(rng: &mut Rng, atoms: &mut Vec<(i64, i64)>) {
    for _ in 0..rng.below(3) {
        if atoms.is_empty() {
            return;
        }
        let i = rng.below(atoms.len() as u64) as usize;
        let (n, d) = atoms[i];
        let factors: Vec<i64> = (2..n).filter(|a| n % a == 0).collect();
        if !factors.is_empty() {
            let a = rng.pick(&factors);
            atoms[i] = (a, d);
            atoms.insert(i + 1, (n / a, d * a));
        }
    }
}

fn shuffle<T>(rng: &mut Rng, xs: &mut [T]) {
    for i in (1..xs.len()).rev() {
        xs.swap(i, rng.below(i as u64 + 1) as usize);
    }
}

/// A random tile of `elem`-byte elements (plain, swizzled or F2 as `kind` asks: 0, 1, 2) and
/// a TV layout into it for `instruction`, mostly one whose every thread's `V` values are
/// contiguous and aligned, sometimes not.
fn random_case(rng: &mut Rng, kind: u64, elem: i64, instruction: Instruction) -> (Tile, Tv) {
    let (bytes, _, _) = shape_of(instruction);
    let v = bytes / elem;
    // The modes in memory order: the first holds whole vectors at stride 1.
    let r = rng.pick(&[1, 2, 4]);
    let mut memory = vec![(v * r, 1i64)];
    let mut cosize = v * r;
    let mut size = v * r;
    for _ in 0..rng.range(1, 3) {
        let n = if kind == 2 { rng.pick(&[1, 2, 4, 8]) } else { rng.pick(&[1, 2, 3, 4, 8]) };
        if size * n > 2048 {
            break;
        }
        let stride = if kind == 2 {
            // An F2 stride: random bits above the vector's.
            v * rng.range(1, 64)
        } else {
            // Compact, or padded by whole vectors, rarely by a few elements (misaligned).
            let pad = match rng.below(10) {
                0..=4 => 0,
                5..=8 => v * rng.range(1, 3),
                _ => rng.range(1, 3),
            };
            cosize + pad
        };
        memory.push((n, stride));
        cosize = stride * n.max(1);
        size *= n;
    }
    // The tile's logical order: a permutation of the memory modes.
    let mut order: Vec<usize> = (0..memory.len()).collect();
    shuffle(rng, &mut order);
    let modes: Vec<(i64, i64)> = order.iter().map(|&i| memory[i]).collect();
    let kind = match kind {
        0 => Kind::Plain,
        1 => {
            let b = rng.range(0, 3);
            let m = rng.range(0, 4);
            let s = rng.range(b.max(1), b + 3) * if rng.below(5) == 0 { -1 } else { 1 };
            let offset = if rng.below(8) == 0 { rng.range(0, 63) } else { v * rng.range(0, 8) };
            Kind::Swizzled { b, m, s, offset }
        }
        _ => Kind::F2,
    };
    let tile = Tile { modes, kind };
    let size = tile.size();

    if rng.below(8) == 0 {
        // Arbitrary strides inside the tile: any pattern (valid if V = 1, rarely otherwise).
        let mut tv = Tv { threads: Vec::new(), values: vec![(v, 0)] };
        for _ in 0..rng.range(1, 3) {
            tv.threads.push((rng.pick(&[2, 3, 4, 8, 16]), 0));
        }
        if rng.below(2) == 0 {
            tv.values.push((rng.pick(&[2, 3]), 0));
        }
        let spread: i64 = tv.threads.iter().chain(&tv.values).map(|m| m.0 - 1).sum();
        let top = (size - 1) / spread.max(1);
        for m in tv.threads.iter_mut().chain(tv.values.iter_mut()) {
            m.1 = rng.range(0, top);
        }
        if v > 1 && rng.below(2) == 0 {
            tv.values[0].1 = 1;
        }
        return (tile, tv);
    }

    // The tile's index space as atoms (extent, index stride), the vector's first.
    let mut atoms = Vec::new();
    let mut vector = (v, 0);
    let mut prefix = 1;
    for &(n, d) in &tile.modes {
        if d == 1 && n == v * r && vector.1 == 0 {
            vector = (v, prefix);
            if r > 1 {
                atoms.push((r, prefix * v));
            }
        } else if n > 1 {
            atoms.push((n, prefix));
        }
        prefix *= n;
    }
    split(rng, &mut atoms);
    shuffle(rng, &mut atoms);
    if !atoms.is_empty() && rng.below(5) == 0 {
        // A dropped mode: the TV covers part of the tile.
        atoms.remove(rng.below(atoms.len() as u64) as usize);
    }
    let k = rng.below(atoms.len() as u64 + 1) as usize;
    let mut threads = atoms[..k].to_vec();
    let mut values = atoms[k..].to_vec();
    if rng.below(4) == 0 {
        // Threads that share their addresses.
        let at = rng.below(threads.len() as u64 + 1) as usize;
        threads.insert(at, (rng.pick(&[2, 4]), 0));
    }
    if v > 1 && rng.below(6) == 0 {
        // The vector mode split in two, still contiguous.
        let a = rng.pick(&(2..v).filter(|a| v % a == 0).collect::<Vec<_>>().into_iter().chain([v]).collect::<Vec<_>>());
        if a < v {
            values.insert(0, (v / a, vector.1 * a));
            values.insert(0, (a, vector.1));
        } else {
            values.insert(0, vector);
        }
    } else {
        values.insert(0, vector);
    }
    if v > 1 && rng.below(10) == 0 {
        // The vector mode elsewhere: the values of an instruction are rarely contiguous.
        shuffle(rng, &mut values);
        if values.iter().all(|m| m.0 % v != 0) {
            values.insert(0, (v, 0));
        }
    }
    (tile, Tv { threads, values })
}

fn random_instruction(rng: &mut Rng) -> Instruction {
    if rng.below(5) == 0 {
        Instruction::Matrix { rows: rng.pick(&[8, 16, 32]) }
    } else {
        Instruction::Vector { bytes: rng.pick(&[1, 2, 4, 8, 16]) }
    }
}

fn random_elem(rng: &mut Rng, instruction: Instruction) -> i64 {
    let (bytes, _, _) = shape_of(instruction);
    rng.pick(&[1i64, 2, 4, 8, 16].into_iter().filter(|e| *e <= bytes).collect::<Vec<_>>())
}

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

fn expect_refused(smem: Shared<'_>, elem: i64, tv: &str, instruction: Instruction, thread: i64) {
    let e = bank_conflicts(smem, elem, &tv.parse::<Layout>().unwrap(), instruction).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument, "{}", e.message());
    assert_eq!(named_thread(e.message()), Some(thread), "{}", e.message());
}

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

// ------------------------------------------------------------------------------------------
// Known cases.
// ------------------------------------------------------------------------------------------

/// The wavefronts of each phase of each instruction, the library's, after checking that the
/// simulator agrees on the whole report.
fn phases_of(tile: &Tile, elem: i64, tv: &str, instruction: Instruction) -> Vec<Vec<u32>> {
    let t = Tv::parse(tv);
    assert_eq!(t.layout().to_string(), tv.parse::<Layout>().unwrap().to_string());
    if let Some(f) = check_banks(tile, elem, &t, instruction) {
        panic!("{}", f);
    }
    let r = tile.with(|s| bank_conflicts(s, elem, &t.layout(), instruction)).unwrap();
    r.instructions().iter().map(|i| i.phases.iter().map(|p| p.wavefronts).collect()).collect()
}

fn plain(text: &str) -> Tile {
    let l: Layout = text.parse().unwrap();
    Tile { modes: l.flat_modes(), kind: Kind::Plain }
}

fn swizzled(b: i64, m: i64, s: i64, text: &str) -> Tile {
    Tile { kind: Kind::Swizzled { b, m, s, offset: 0 }, ..plain(text) }
}

#[test]
fn ldmatrix_x4_of_128_byte_rows() {
    let ldsm = Instruction::atom("SM75_U32x4_LDSM_N").unwrap();
    // 8 rows of 64 16-bit elements (128 bytes), row-major; tile index k = row + 8 col. Thread t
    // gives row t % 8, 16-byte chunk t / 8 (columns 8 (t / 8) ..): index (t % 8) + 64 (t / 8),
    // its 8 values the next columns (index stride 8).
    let down = "((8,4),8):((1,64),8)";
    // Phase p is lanes 8p .. 8p + 7: chunk p of the 8 rows, bytes 128 row + 16 p, words
    // 32 row + 4p .. + 3: banks 4p .. 4p + 3 hold 8 distinct words each: 8 wavefronts, 4 phases.
    let tile = plain("(8,64):(64,1)");
    assert_eq!(phases_of(&tile, 2, down, ldsm), vec![vec![8; 4]]);
    let r = bank_conflicts(Shared::from(&tile.plain()), 2, &down.parse::<Layout>().unwrap(), ldsm).unwrap();
    assert_eq!((r.wavefronts(), r.ideal(), r.degree()), (32, 4, 8));
    let (_, worst) = r.worst().unwrap();
    // The first phase, banks 0-3 each 8 words: bank 0 is the lowest; the 8 threads' rows.
    assert_eq!(worst.worst_bank, Some(0));
    assert_eq!(worst.colliding, (0..8).map(|t| (t, 128 * t)).collect::<Vec<_>>());
    // Sw<3,3,3> in elements (16-bit): bits 3-5 of the offset (the chunk in the row, 8
    // elements = 16 bytes) XOR bits 6-8 (the row, 64 elements = 128 bytes): chunk p of row
    // r lands in chunk p ^ r, 8 different chunks for the 8 rows of a phase: 1 wavefront each.
    let sw = swizzled(3, 3, 3, "(8,64):(64,1)");
    assert_eq!(phases_of(&sw, 2, down, ldsm), vec![vec![1; 4]]);
    // The other chunk order: thread t gives chunk t % 8 of row t / 8 (rows 0-3, then rows
    // 4-7 in a second instruction): a phase reads a whole 128-byte row, all 32 banks once,
    // with or without the swizzle (it permutes chunks within a row).
    let across = "((8,4),(8,2)):((64,1),(8,4))";
    assert_eq!(phases_of(&tile, 2, across, ldsm), vec![vec![1; 4]; 2]);
    assert_eq!(phases_of(&sw, 2, across, ldsm), vec![vec![1; 4]; 2]);
    // The column-major tile (64,8):(1,64), 8 columns of 128 bytes (index k = row + 64 col):
    // thread t gives chunk t / 8 (rows 8 (t / 8) .. + 7) of column t % 8, so phase p reads
    // chunk p of the 8 columns: bytes 128 col + 16 p, banks 4p .. 4p + 3 eight times, 8
    // wavefronts; Sw<3,3,3> (chunk bits 3-5 XOR column bits 6-8) spreads them as above.
    let col = "((8,4),8):((64,8),1)";
    assert_eq!(phases_of(&plain("(64,8):(1,64)"), 2, col, ldsm), vec![vec![8; 4]]);
    assert_eq!(phases_of(&swizzled(3, 3, 3, "(64,8):(1,64)"), 2, col, ldsm), vec![vec![1; 4]]);
    // ldmatrix.x1 and .x2 move the first 8 and 16 lanes: one and two phases.
    let x1 = Instruction::atom("SM75_U32x1_LDSM_N").unwrap();
    let x2 = Instruction::atom("SM75_U16x4_LDSM_T").unwrap();
    assert_eq!(phases_of(&tile, 2, down, x1), vec![vec![8]]);
    assert_eq!(phases_of(&tile, 2, down, x2), vec![vec![8, 8]]);
    assert_eq!(phases_of(&sw, 2, down, x2), vec![vec![1, 1]]);
}

/// A Hopper mode over rows of `width` bytes, in `elem`-byte units: its swizzle, the tile and
/// the two TV layouts of 16-byte accesses (along the rows, along the columns).
fn hopper(width: i64, elem: i64, swizzle: Option<(i64, i64, i64)>) -> (Tile, String, String) {
    let cols = width / elem; // elements per row
    let v = 16 / elem; // elements per 16-byte chunk
    let nc = width / 16; // chunks per row
    let text = format!("(8,{}):({},1)", cols, cols);
    let tile = match swizzle {
        Some((b, m, s)) => swizzled(b, m, s, &text),
        None => plain(&text),
    };
    // Tile index k = row + 8 col; chunk c of row r is index r + 8 v c.
    // Along the rows: lane t reads chunk t of the row-major chunk order (chunk t % nc of row
    // t / nc), 8 consecutive chunks per phase; a warp covers 32 chunks, the rest in further
    // steps, and a tile of fewer than 32 chunks is read twice (lanes 16-31 repeat 0-15).
    let rows_per_warp = 32 / nc;
    let along = if rows_per_warp > 8 {
        format!("(({},8,{}),{}):(({},1,0),8)", nc, rows_per_warp / 8, v, 8 * v)
    } else {
        format!("(({},{}),({},{})):(({},1),(8,{}))", nc, rows_per_warp, v, 8 / rows_per_warp, 8 * v, rows_per_warp)
    };
    // Along the columns: lane t reads chunk column t / 8 of row t % 8, a chunk column per
    // phase; 4 chunk columns a warp, again repeated or continued in further steps.
    let down = if nc < 4 {
        format!("((8,{},{}),{}):((1,{},0),8)", nc, 4 / nc, v, 8 * v)
    } else {
        format!("((8,4),({},{})):((1,{}),(8,{}))", v, nc / 4, 8 * v, 32 * v)
    };
    (tile, along, down)
}

#[test]
fn hopper_swizzle_modes() {
    let v16 = Instruction::Vector { bytes: 16 };
    // CuTe's modes are swizzles of BYTE offsets (uint8): Sw<B,4,3> XORs bits 4..4+B (the 16-byte
    // chunk in a 128-byte segment) with bits 7..7+B (the 128-byte segment). Over 16-bit
    // elements the same permutation of bytes is Sw<B,3,3> (one bit less on each side). Both
    // are checked: the byte swizzles with elem_bytes = 1, the element ones with 2.
    for (width, b) in [(32, 1), (64, 2), (128, 3)] {
        for (elem, m) in [(1, 4), (2, 3)] {
            let (tile, along, down) = hopper(width, elem, Some((b, m, 3)));
            // Along the rows a phase reads 8 consecutive chunks, 128 contiguous bytes (rows are
            // contiguous): every bank once. The swizzle only permutes chunks within a 128-byte
            // segment (bits 4-6 of the bytes, from bits 7-9): the same 128 bytes.
            let steps = ((8 * width / 16) as usize).div_ceil(32);
            assert_eq!(phases_of(&tile, elem, &along, v16), vec![vec![1; 4]; steps], "{} {} along", width, elem);
            // Down a chunk column: row r's chunk c moves to c ^ (bits 7.. of the row's offset),
            // which differ for the 8 rows (rows of width 32 change bit 7 every 4 rows, 64 bits
            // 7-8 every 2, 128 bits 7-9 every row): 8 distinct 16-byte bank groups.
            assert_eq!(phases_of(&tile, elem, &down, v16), vec![vec![1; 4]; steps], "{} {} down", width, elem);
            // Without the swizzle: along the rows still 1; down a column, row r's chunk is at
            // bytes r * width + 16 c, in the bank group (r * width / 16 + c) mod 8, which
            // repeats every 128 / width rows: 8 / (128 / width) = width / 16 rows share it.
            let (tile, along, down) = hopper(width, elem, None);
            assert_eq!(phases_of(&tile, elem, &along, v16), vec![vec![1; 4]; steps]);
            let ways = (width / 16) as u32;
            assert_eq!(phases_of(&tile, elem, &down, v16), vec![vec![ways; 4]; steps], "{} {} plain", width, elem);
        }
    }
    // The byte swizzle Sw<3,4,3> taken as if in 16-bit elements (the wrong unit): it XORs
    // element bits 4-6 (bytes 5-7: the chunk's upper two bits and the row's parity) with
    // element bits 7-9 (rows 1-3 of 64-element rows); rows 0 and 1 then keep the same chunk:
    // 2-way conflicts down a column.
    let (tile, _, down) = hopper(128, 2, Some((3, 4, 3)));
    assert_eq!(phases_of(&tile, 2, &down, v16), vec![vec![2; 4]; 2]);
}

#[test]
fn transpose_32x32_f32() {
    let v4 = Instruction::Vector { bytes: 4 };
    // Tile index k = row + 32 col. Writing row-major: instruction i (value i) is row i, lane
    // t column t: index i + 32 t. Reading columns: instruction i is column i, lane t row t:
    // index t + 32 i.
    let write = "(32,32):(32,1)";
    let read = "(32,32):(1,32)";
    // Row-major (32,32):(32,1): row i's 32 f32 are 128 contiguous bytes, one word per bank:
    // 1 wavefront. Column i: lane t at byte 128 t + 4 i, bank i for all 32 rows: 32 distinct
    // words in one bank, 32 wavefronts.
    let rm = plain("(32,32):(32,1)");
    assert_eq!(phases_of(&rm, 4, write, v4), vec![vec![1]; 32]);
    assert_eq!(phases_of(&rm, 4, read, v4), vec![vec![32]; 32]);
    // Padded rows of 33: element (r, c) at 33 r + c, bank (r + c) mod 32: a row or a column
    // meets every bank once.
    let padded = plain("(32,32):(33,1)");
    assert_eq!(phases_of(&padded, 4, write, v4), vec![vec![1]; 32]);
    assert_eq!(phases_of(&padded, 4, read, v4), vec![vec![1]; 32]);
    // Sw<5,0,5> in elements (f32 = one word): column bits 0-4 XOR row bits 5-9, element (r, c)
    // at 32 r + (c ^ r): row i's columns c ^ i are all 32 banks, and so are column i's rows
    // (banks i ^ r).
    let sw = swizzled(5, 0, 5, "(32,32):(32,1)");
    assert_eq!(phases_of(&sw, 4, write, v4), vec![vec![1]; 32]);
    assert_eq!(phases_of(&sw, 4, read, v4), vec![vec![1]; 32]);
    let r = bank_conflicts(Shared::from(&rm.plain()), 4, &read.parse::<Layout>().unwrap(), v4).unwrap();
    assert_eq!((r.wavefronts(), r.ideal(), r.degree()), (1024, 32, 32));
}

#[test]
fn global_known_cases() {
    let v4 = Instruction::Vector { bytes: 4 };
    let v16 = Instruction::Vector { bytes: 16 };
    let rm: Layout = "(32,32):(32,1)".parse().unwrap();
    // A warp reading a row of 32 f32: 128 contiguous bytes, 4 sectors of one line (if the row
    // starts at a line: row i at byte 128 i).
    let r = coalescing(&rm, 4, &"(32,32):(32,1)".parse::<cute::dynamic::Layout>().unwrap(), v4).unwrap();
    let t = &r.instructions()[0];
    assert_eq!((t.bytes, t.sectors, t.min_sectors, t.lines, t.min_lines), (128, 4, 4, 1, 1));
    assert_eq!(r.efficiency(), 1.0);
    // A column: 32 rows 128 bytes apart, a sector and a line each, 4 bytes of each sector used.
    let r = coalescing(&rm, 4, &"(32,32):(1,32)".parse::<cute::dynamic::Layout>().unwrap(), v4).unwrap();
    let t = &r.instructions()[0];
    assert_eq!((t.bytes, t.sectors, t.min_sectors, t.lines, t.min_lines), (128, 32, 4, 32, 1));
    assert_eq!(r.efficiency(), 4.0 / 32.0);
    // 16-byte vectors of a contiguous 512 bytes: 16 sectors of 4 lines, all used.
    let r = coalescing(
        &"(4,128):(1,4)".parse::<cute::dynamic::Layout>().unwrap(),
        4,
        &"(32,(4,4)):(4,(1,128))".parse::<cute::dynamic::Layout>().unwrap(),
        v16,
    )
    .unwrap();
    assert_eq!(r.instructions().len(), 4);
    for t in r.instructions() {
        assert_eq!((t.bytes, t.sectors, t.min_sectors, t.lines, t.min_lines), (512, 16, 16, 4, 4));
    }
    // All 32 lanes reading the same f32: 4 distinct bytes, one sector, one line.
    let r = coalescing(
        &"32:1".parse::<cute::dynamic::Layout>().unwrap(),
        4,
        &"(32,1):(0,0)".parse::<cute::dynamic::Layout>().unwrap(),
        v4,
    )
    .unwrap();
    let t = &r.instructions()[0];
    assert_eq!((t.bytes, t.sectors, t.min_sectors, t.lines, t.min_lines), (4, 1, 1, 1, 1));
    assert_eq!(r.efficiency(), 4.0 / 32.0);
}

#[test]
fn instructions_follow_the_model() {
    // Every atom's bytes, moving lanes and phases as the model describes them.
    for (name, expected) in [
        ("UniversalCopy<uint8_t>", Instruction::Vector { bytes: 1 }),
        ("UniversalCopy<uint16_t>", Instruction::Vector { bytes: 2 }),
        ("UniversalCopy<uint32_t>", Instruction::Vector { bytes: 4 }),
        ("UniversalCopy<uint64_t>", Instruction::Vector { bytes: 8 }),
        ("UniversalCopy<uint128_t>", Instruction::Vector { bytes: 16 }),
        ("SM75_U32x1_LDSM_N", Instruction::Matrix { rows: 8 }),
        ("SM75_U32x2_LDSM_N", Instruction::Matrix { rows: 16 }),
        ("SM75_U32x4_LDSM_N", Instruction::Matrix { rows: 32 }),
        ("SM75_U16x2_LDSM_T", Instruction::Matrix { rows: 8 }),
        ("SM75_U16x4_LDSM_T", Instruction::Matrix { rows: 16 }),
        ("SM75_U16x8_LDSM_T", Instruction::Matrix { rows: 32 }),
        ("SM90_U32x1_STSM_N", Instruction::Matrix { rows: 8 }),
        ("SM90_U16x8_STSM_T", Instruction::Matrix { rows: 32 }),
        ("SM80_CP_ASYNC_CACHEALWAYS<uint32_t>", Instruction::Vector { bytes: 4 }),
        ("SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>", Instruction::Vector { bytes: 16 }),
    ] {
        let i = Instruction::atom(name).unwrap();
        assert_eq!(i, expected, "{}", name);
        let (bytes, moving, per_phase) = shape_of(i);
        let got = (i.bytes() as i64, i.threads() as i64, i.phase_threads() as i64, i.phases() as i64);
        assert_eq!(got, (bytes, moving, per_phase, moving / per_phase), "{}", name);
    }
    assert_eq!(Instruction::atom("SM75_U32x3_LDSM_N").unwrap_err().kind(), ErrorKind::InvalidArgument);
}

#[test]
fn malformed_accesses_are_refused() {
    let smem: Layout = "64:1".parse().unwrap();
    let refused = |elem: i64, tv: &str, instruction: Instruction| {
        let e = bank_conflicts(Shared::from(&smem), elem, &tv.parse::<Layout>().unwrap(), instruction).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument, "{}", e.message());
    };
    // 8-byte elements do not fit a 4-byte instruction.
    refused(8, "(32,1):(1,0)", Instruction::Vector { bytes: 4 });
    // 3 values per thread are not a whole number of 2-value (8-byte) instructions.
    refused(4, "(16,3):(3,1)", Instruction::Vector { bytes: 8 });
    // A TV layout of rank 1 has no value mode. The function's docs list this error among the
    // InvalidArgument ones; it is of kind RankMismatch (reported as a finding).
    let e = bank_conflicts(
        Shared::from(&smem),
        4,
        &"32:1".parse::<cute::dynamic::Layout>().unwrap(),
        Instruction::Vector { bytes: 4 },
    )
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::RankMismatch, "{}", e.message());
    assert!(e.message().contains("rank 2"), "{}", e.message());
    // ldmatrix's lanes past `rows` give no address, so their values need not be contiguous.
    // Tile (8,(4,4)):(400,(1,100)) of f32: columns in groups of 4 contiguous elements, groups
    // 100 apart. Lane t reads row t % 8 from column 2 (t / 8), 4 values (16 bytes): lanes 0-7
    // columns 0-3 (offsets 400 r + 0..4), lanes 8-15 columns 2-5, across two groups
    // (2, 3, 100, 101): .x1 (lanes 0-7) is fine, .x2 and .x4 are refused at thread 8.
    let tile: Layout = "(8,(4,4)):(400,(1,100))".parse().unwrap();
    let tv = "((8,4),4):((1,16),8)";
    let r = bank_conflicts(Shared::from(&tile), 4, &tv.parse::<Layout>().unwrap(), Instruction::Matrix { rows: 8 })
        .unwrap();
    // Rows 400 elements = 1600 bytes apart, 1600 / 4 = 400 words = 16 mod 32: banks 0-3 and
    // 16-19 alternate, each with 4 rows' words: 4 wavefronts.
    assert_eq!((r.wavefronts(), r.ideal()), (4, 1));
    expect_refused(Shared::from(&tile), 4, tv, Instruction::Matrix { rows: 16 }, 8);
    expect_refused(Shared::from(&tile), 4, tv, Instruction::Matrix { rows: 32 }, 8);
}

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
