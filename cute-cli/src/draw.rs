//! From an expression's value to its picture, by the drawing options of `show`, `svg`,
//! `latex`, `html` and the server.

use clap::Args;
use cute_core::dynamic::{Error, ErrorKind, IntTuple, Layout, Result};
use cute_core::picture::{Palette, Picture, Shared};
use cute_eval::Value;

/// How to draw a value: as a thread-value layout, by bank, or as a partition of a tile.
#[derive(Args, Clone, Debug, Default)]
pub struct DrawOptions {
    /// Draw the result as a thread-value layout (thread, value) -> index of the tile; a
    /// make_layout_tv result carries its tile, a layout needs --tile.
    #[arg(long)]
    pub tv: bool,
    /// The tile shape of a thread-value layout, e.g. (8,8) (implies --tv).
    #[arg(long, value_name = "SHAPE")]
    pub tile: Option<String>,
    /// Colour the cells by shared-memory bank (a swizzled or F2 layout is drawn so by default).
    #[arg(long)]
    pub banks: bool,
    /// The element size in bytes, for the banks (default 4).
    #[arg(long, value_name = "N")]
    pub elem_bytes: Option<i64>,
    /// Draw the whole tile LAYOUT with the result's elements highlighted (a partition
    /// `OFFSET o LAYOUT`, or a layout of offsets).
    #[arg(long, value_name = "LAYOUT")]
    pub within: Option<String>,
    /// The colours: greys (a layout's default), pastels (threads), rainbow (banks).
    #[arg(long, value_name = "PALETTE")]
    pub palette: Option<Palette>,
}

fn invalid(message: String) -> Error {
    Error::new(ErrorKind::InvalidArgument, message)
}

/// The picture of `value`, the result of `expr`. Options that do not apply to the picture drawn
/// are an error, not ignored.
pub fn picture(value: &Value, opts: &DrawOptions) -> Result<Picture> {
    let tv_flags = opts.tv || opts.tile.is_some();
    // An MMA atom, a tiled MMA or a tiled copy: drawn as CuTe draws it, whatever the options.
    let composite = match value {
        Value::MmaAtom(atom) => Some(Picture::mma_atom(atom)),
        Value::TiledMma(mma) => Some(Picture::mma(mma)),
        Value::TiledCopy(copy) => Some(Picture::copy(copy)),
        _ => None,
    };
    if let Some(picture) = composite {
        if tv_flags || opts.banks || opts.elem_bytes.is_some() || opts.within.is_some() {
            return Err(invalid(
                "an MMA atom, a tiled MMA or a tiled copy is drawn as CuTe draws it: --tv, --tile, --banks, --elem-bytes and --within do not apply".into(),
            ));
        }
        let picture = picture?;
        return Ok(match opts.palette {
            Some(p) => picture.with_palette(p),
            None => picture,
        });
    }
    if let Value::CopyAtom(atom) = value {
        return Err(invalid(format!(
            "a copy atom is drawn tiled, with its element width: make_tiled_copy({}, BITS, THR, VAL) or make_tiled_copy_a({}, BITS, MMA)",
            atom.name, atom.name
        )));
    }
    let tv = tv_flags || matches!(value, Value::TilerTv(..));
    if opts.within.is_some() && (tv_flags || opts.banks) {
        return Err(invalid("--within draws a partition: it does not go with --tv, --tile or --banks".into()));
    }
    if tv && opts.banks {
        return Err(invalid(
            "--banks colours a shared-memory layout: it does not go with a thread-value layout (--tv, --tile)".into(),
        ));
    }
    let banks = opts.banks || matches!(value, Value::Composed(_) | Value::F2(_));
    if opts.elem_bytes.is_some() && (!banks || tv) {
        return Err(invalid("--elem-bytes sizes the elements of a bank picture: add --banks".into()));
    }
    let elem_bytes = opts.elem_bytes.unwrap_or(4);
    let picture = if let Some(tile) = &opts.within {
        let tile: Layout =
            tile.parse().map_err(|e: Error| Error::new(e.kind(), format!("--within {}: {}", tile, e.message())))?;
        match value {
            Value::Sliced(offset, part) => Picture::partition(&tile, part, *offset)?,
            Value::Layout(part) => Picture::partition(&tile, part, 0)?,
            other => {
                return Err(invalid(format!("--within draws a partition or a layout, not a {}", other.kind().name())))
            }
        }
    } else if tv {
        let tile: Option<IntTuple> = match &opts.tile {
            Some(t) => {
                Some(t.parse().map_err(|e: Error| Error::new(e.kind(), format!("--tile {}: {}", t, e.message())))?)
            }
            None => None,
        };
        match (value, tile) {
            (Value::TilerTv(tiler, tv), tile) => Picture::tv(tile.as_ref().unwrap_or(tiler), tv)?,
            (Value::Layout(tv), Some(tile)) => Picture::tv(&tile, tv)?,
            (Value::Layout(_), None) => {
                return Err(invalid("a thread-value layout needs its tile: --tile SHAPE".into()))
            }
            (other, _) => {
                return Err(invalid(format!("--tv draws a thread-value layout, not a {}", other.kind().name())))
            }
        }
    } else {
        match value {
            Value::Composed(c) => Picture::banks(Shared::from(c), elem_bytes)?,
            Value::F2(f) => Picture::banks(Shared::from(f), elem_bytes)?,
            Value::Layout(l) if opts.banks => Picture::banks(Shared::from(l), elem_bytes)?,
            Value::Layout(l) => Picture::layout(l)?,
            Value::Sliced(offset, l) => {
                return Err(invalid(format!(
                    "{} o {} is a partition: draw it in its tile with --within LAYOUT",
                    offset, l
                )))
            }
            other => {
                return Err(invalid(format!(
                    "nothing to draw: the result {} is of kind {}; a layout, a swizzled or F2 layout, a thread-value layout, an MMA atom, a tiled MMA or a tiled copy is drawn",
                    other,
                    other.kind().name()
                )))
            }
        }
    };
    Ok(match opts.palette {
        Some(p) => picture.with_palette(p),
        None => picture,
    })
}
