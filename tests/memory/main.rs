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

#[path = "../common/rng.rs"]
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

fn expect_refused(smem: Shared<'_>, elem: i64, tv: &str, instruction: Instruction, thread: i64) {
    let e = bank_conflicts(smem, elem, &tv.parse::<Layout>().unwrap(), instruction).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument, "{}", e.message());
    assert_eq!(named_thread(e.message()), Some(thread), "{}", e.message());
}

mod known;
mod random;
mod synthesis;
