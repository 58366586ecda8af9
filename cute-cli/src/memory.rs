//! `cute banks` and `cute sectors`: a warp's shared-memory bank conflicts and global-memory
//! coalescing, as text or as one JSON object.

use std::fmt::Write;

use clap::Args;
use cute_core::dynamic::{Error, ErrorKind, Layout, Result};
use cute_core::memory::{
    bank_conflicts, coalescing, synthesize_swizzle, Access, BankReport, CoalescingReport, Instruction,
};
use cute_core::picture::Shared;
use cute_eval::Value;

/// The access: a TV layout and the instruction that moves its values.
#[derive(Args, Clone, Debug)]
pub struct AccessOptions {
    /// The element size in bytes.
    #[arg(long, value_name = "N")]
    pub elem_bytes: i64,
    /// The thread-value layout (thread, value) -> column-major index of the tile.
    #[arg(long, value_name = "TV_LAYOUT")]
    pub access: String,
    /// The contiguous values each instruction moves per thread (default 1).
    #[arg(long, value_name = "V", conflicts_with = "atom")]
    pub vec: Option<i64>,
    /// A CuTe copy atom instead of --vec, e.g. SM75_U32x4_LDSM_N or UniversalCopy<uint128_t>.
    #[arg(long, value_name = "NAME")]
    pub atom: Option<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

fn parse_error(what: &str, text: &str, e: Error) -> Error {
    Error::new(e.kind(), format!("{} {}: {}", what, text, e.message()))
}

impl AccessOptions {
    fn tv(&self) -> Result<Layout> {
        self.access.parse().map_err(|e| parse_error("--access", &self.access, e))
    }

    fn instruction(&self) -> Result<Instruction> {
        if let Some(atom) = &self.atom {
            return Instruction::atom(atom);
        }
        vector("--vec", self.vec.unwrap_or(1), self.elem_bytes)
    }
}

/// The vector access moving `values` contiguous `elem_bytes`-byte values, given by `option`.
fn vector(option: &str, values: i64, elem_bytes: i64) -> Result<Instruction> {
    let bytes = values.checked_mul(elem_bytes).and_then(|b| u32::try_from(b).ok()).ok_or_else(|| {
        Error::new(
            ErrorKind::InvalidArgument,
            format!("{} {} of {}-byte elements: not a number of bytes a thread moves", option, values, elem_bytes),
        )
    })?;
    Ok(Instruction::Vector { bytes })
}

/// `cute banks SMEM ...`: the report as text or JSON.
pub fn banks(smem: &Value, opts: &AccessOptions) -> Result<String> {
    let r = bank_report(smem, opts)?;
    Ok(if opts.json { banks_json(&r) } else { banks_text(&r) })
}

/// `cute banks SMEM ... --svg|--html`: the tile coloured by bank, the accesses of the worst
/// phase marked, and the report's text.
pub fn banks_picture(smem: &Value, opts: &AccessOptions) -> Result<(cute_core::picture::Picture, String)> {
    let r = bank_report(smem, opts)?;
    let picture = cute_core::picture::Picture::banks(shared(smem)?, opts.elem_bytes)?;
    let Some((i, p)) = r.worst() else { return Ok((picture, banks_text(&r))) };
    let Some(bank) = p.worst_bank else { return Ok((picture, banks_text(&r))) };
    // A cell is marked when its bytes overlap a word the worst phase reaches in its bank.
    let words: std::collections::BTreeSet<i64> = p.colliding.iter().map(|c| c.1).collect();
    let elem = opts.elem_bytes;
    let why = format!(
        "marked: the elements of the worst phase (warp {}, step {}) in bank {}: {} distinct words, {} wavefronts",
        i.warp,
        i.step,
        bank,
        words.len(),
        p.wavefronts
    );
    let picture = picture.with_marked(
        |c| {
            c.offset
                .and_then(|o| o.checked_mul(elem))
                .and_then(|byte| byte.checked_sub(byte.rem_euclid(4)))
                .is_some_and(|word| words.contains(&word))
        },
        why,
    );
    Ok((picture, banks_text(&r)))
}

fn shared(smem: &Value) -> Result<Shared<'_>> {
    Ok(match smem {
        Value::Layout(l) => Shared::from(l),
        Value::Composed(c) => Shared::from(c),
        Value::F2(f) => Shared::from(f),
        other => {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                format!(
                    "a shared-memory layout is a layout, a swizzled or an F2 layout, not a {}",
                    other.kind().name()
                ),
            ))
        }
    })
}

fn bank_report(smem: &Value, opts: &AccessOptions) -> Result<BankReport> {
    bank_conflicts(shared(smem)?, opts.elem_bytes, &opts.tv()?, opts.instruction()?)
}

fn list<T: ToString>(items: impl IntoIterator<Item = T>) -> String {
    items.into_iter().map(|i| i.to_string()).collect::<Vec<_>>().join(",")
}

fn banks_text(r: &BankReport) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{}: {} wavefronts, ideal {}, {}-way at worst",
        r.instruction(),
        r.wavefronts(),
        r.ideal(),
        r.degree()
    );
    for i in r.instructions() {
        let phases: Vec<String> = i.phases.iter().map(|p| p.wavefronts.to_string()).collect();
        let _ = writeln!(
            s,
            "  warp {} step {}: phases {} = {} wavefronts (ideal {})",
            i.warp,
            i.step,
            phases.join(" + "),
            i.wavefronts(),
            i.ideal()
        );
    }
    if let Some((i, p)) = r.worst() {
        if let Some(bank) = p.worst_bank {
            let hits: Vec<String> = p.colliding.iter().map(|(t, a)| format!("T{}@{}", t, a)).collect();
            let _ = writeln!(
                s,
                "worst phase: warp {} step {}, bank {}: {} distinct words, threads at byte addresses {}",
                i.warp,
                i.step,
                bank,
                p.wavefronts,
                hits.join(" ")
            );
        }
    }
    s
}

fn banks_json(r: &BankReport) -> String {
    let mut s = String::new();
    let _ = write!(s, "{{\"wavefronts\":{},\"ideal\":{},\"degree\":{},", r.wavefronts(), r.ideal(), r.degree());
    let all: Vec<u32> = r.instructions().iter().flat_map(|i| i.phases.iter().map(|p| p.wavefronts)).collect();
    let _ = write!(s, "\"phases\":[{}],\"instructions\":[", list(all));
    for (n, i) in r.instructions().iter().enumerate() {
        let sep = if n == 0 { "" } else { "," };
        let _ = write!(
            s,
            "{}{{\"warp\":{},\"step\":{},\"wavefronts\":{},\"ideal\":{},\"phases\":[{}]}}",
            sep,
            i.warp,
            i.step,
            i.wavefronts(),
            i.ideal(),
            list(i.phases.iter().map(|p| p.wavefronts))
        );
    }
    s.push(']');
    if let Some((i, p)) = r.worst() {
        let _ = write!(
            s,
            ",\"worst\":{{\"warp\":{},\"step\":{},\"bank\":{},\"wavefronts\":{},\"threads\":[{}],\"addresses\":[{}]}}",
            i.warp,
            i.step,
            p.worst_bank.map_or_else(|| "null".to_string(), |b| b.to_string()),
            p.wavefronts,
            list(p.colliding.iter().map(|c| c.0)),
            list(p.colliding.iter().map(|c| c.1))
        );
    }
    s.push_str("}\n");
    s
}

/// `cute sectors GLOBAL ...`: the report as text or JSON.
pub fn sectors(global: &Value, opts: &AccessOptions) -> Result<String> {
    let Value::Layout(global) = global else {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            format!("a global tensor's layout is a layout, not a {}", global.kind().name()),
        ));
    };
    let r = coalescing(global, opts.elem_bytes, &opts.tv()?, opts.instruction()?)?;
    Ok(if opts.json { sectors_json(&r) } else { sectors_text(&r) })
}

fn sectors_text(r: &CoalescingReport) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} sectors (fewest {}), efficiency {:.1}% of the bytes fetched",
        r.sectors(),
        r.min_sectors(),
        r.efficiency() * 100.0
    );
    for t in r.instructions() {
        let _ = writeln!(
            s,
            "  warp {} step {}: {} bytes in {} sectors (fewest {}) of {} lines (fewest {})",
            t.warp, t.step, t.bytes, t.sectors, t.min_sectors, t.lines, t.min_lines
        );
    }
    s
}

fn sectors_json(r: &CoalescingReport) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        "{{\"sectors\":{},\"min_sectors\":{},\"efficiency\":{},\"instructions\":[",
        r.sectors(),
        r.min_sectors(),
        r.efficiency()
    );
    for (n, t) in r.instructions().iter().enumerate() {
        let sep = if n == 0 { "" } else { "," };
        let _ = write!(
            s,
            "{}{{\"warp\":{},\"step\":{},\"bytes\":{},\"sectors\":{},\"min_sectors\":{},\"lines\":{},\"min_lines\":{}}}",
            sep, t.warp, t.step, t.bytes, t.sectors, t.min_sectors, t.lines, t.min_lines
        );
    }
    s.push_str("]}\n");
    s
}

/// The accesses of `cute swizzle-for`: each `--access TV` with its `--vec V` or `--atom NAME`,
/// in order.
#[derive(Args, Clone, Debug)]
pub struct SynthesisOptions {
    /// The element size in bytes.
    #[arg(long, value_name = "N")]
    pub elem_bytes: i64,
    /// An access of the tile (a write or a read): its TV layout; give one per access.
    #[arg(long = "access", value_name = "TV_LAYOUT", required = true)]
    pub accesses: Vec<String>,
    /// How each access moves its values, in the order of the accesses: a number of contiguous
    /// values (e.g. 8) or a CuTe copy atom (e.g. SM75_U32x4_LDSM_N); one per access.
    #[arg(long = "by", value_name = "V|ATOM", required = true)]
    pub by: Vec<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `cute swizzle-for TILE ...`: the best CuTe swizzle for the accesses.
pub fn swizzle_for(tile: &Value, opts: &SynthesisOptions) -> Result<String> {
    let Value::Layout(tile) = tile else {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            format!("the tile to swizzle is a plain layout, not a {}", tile.kind().name()),
        ));
    };
    if opts.accesses.len() != opts.by.len() {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            format!("{} --access but {} --by: give one --by per access", opts.accesses.len(), opts.by.len()),
        ));
    }
    let mut accesses = Vec::new();
    for (tv, by) in opts.accesses.iter().zip(&opts.by) {
        let instruction = match by.parse::<i64>() {
            Ok(v) => vector("--by", v, opts.elem_bytes)?,
            Err(_) => Instruction::atom(by)?,
        };
        accesses.push(Access { tv: tv.parse().map_err(|e| parse_error("--access", tv, e))?, instruction });
    }
    let s = synthesize_swizzle(tile, opts.elem_bytes, &accesses)?;
    let best = s.best();
    Ok(if opts.json {
        let f2 = match s.f2() {
            Ok(f) => format!(
                "{{\"layout\":\"{}\",\"wavefronts\":[{}],\"swizzle\":{}}}",
                f.layout,
                list(f.wavefronts.iter()),
                f.swizzle.map_or("null".to_string(), |w| format!("\"{}\"", w))
            ),
            Err(e) => format!("{{\"none\":{}}}", crate::page::json(e.message())),
        };
        format!(
            "{{\"swizzle\":\"{}\",\"layout\":\"{} o 0 o {}\",\"wavefronts\":[{}],\"unswizzled\":[{}],\"ideal\":[{}],\"reaches_ideal\":{},\"tried\":{},\"f2\":{},\"reaches_f2_optimum\":{}}}\n",
            best.swizzle,
            best.swizzle,
            tile,
            list(best.wavefronts.iter()),
            list(s.unswizzled().wavefronts.iter()),
            list(s.ideal().iter()),
            s.is_ideal(),
            s.tried(),
            f2,
            s.reaches_f2_optimum().map_or("null".to_string(), |r| r.to_string())
        )
    } else {
        let f2 = match s.f2() {
            Ok(f) => format!(
                "F2 optimum: {}{}\nwavefronts per access: {}; {}\n",
                f.layout,
                f.swizzle.map_or(String::new(), |w| format!(" = {} o 0 o {}", w, tile)),
                list(f.wavefronts.iter()),
                if s.reaches_f2_optimum() == Some(true) {
                    "the best CuTe swizzle reaches it"
                } else {
                    "no CuTe swizzle reaches it"
                }
            ),
            Err(e) => format!("no F2 optimum: {}\n", e.message()),
        };
        format!(
            "{} o 0 o {}\nwavefronts per access: {} (without a swizzle: {}; ideal: {}){}\n{} swizzles tried\n{}",
            best.swizzle,
            tile,
            list(best.wavefronts.iter()),
            list(s.unswizzled().wavefronts.iter()),
            list(s.ideal().iter()),
            if s.is_ideal() { ", the ideal" } else { "" },
            s.tried(),
            f2
        )
    })
}
