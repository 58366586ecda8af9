//! The usage and help texts, the function list built from the engine's function table.

use std::fmt::Write;

use cute_core::dynamic::MAX_LEAVES;
use cute_eval::{functions, ValueKind};

/// The short usage, printed with usage errors.
pub const USAGE: &str = "\
Usage: cute eval 'EXPR'     evaluate one expression and print the result
       cute eval -          evaluate each line of standard input, printing one line per line
       cute show 'EXPR'     print the result's picture as a table (CuTe's print_layout)
       cute svg 'EXPR'      write the picture as SVG [-o FILE]
       cute latex 'EXPR'    write the picture as a standalone TikZ document [-o FILE]
       cute html 'EXPR'     write a page: picture, cell details on hover, explanation [-o FILE]
       cute explain 'EXPR'  print how the result is derived, step by step
       cute banks 'SMEM' --elem-bytes N --access 'TV' [--vec V | --atom NAME] [--json]
                            a warp's shared-memory bank conflicts
       cute sectors 'GLOBAL' --elem-bytes N --access 'TV' [--vec V | --atom NAME] [--json]
                            a warp's global-memory sectors and efficiency
       cute swizzle-for 'TILE' --elem-bytes N --access 'TV' --by V|ATOM [--access .. --by ..]
                            the CuTe swizzle with the fewest wavefronts for the accesses
       cute serve           serve a local page to type expressions in [--port P]
       cute help            describe the expressions and list the functions
                            (also cute --help, cute eval --help; cute svg --help etc.)
Drawing options (show, svg, latex, html):
       --tv [--tile SHAPE]  a thread-value layout over its tile (make_layout_tv carries it)
       --banks              colour by shared-memory bank [--elem-bytes N, default 4]
       --within LAYOUT      highlight the result's elements in the whole tile LAYOUT
       --palette P          greys, pastels or rainbow";

/// The full help: usage, the expression syntax, the argument kinds and every function.
pub fn help() -> String {
    let mut s = String::new();
    s.push_str("cute: evaluate CuTe layout-algebra expressions\n\n");
    s.push_str(USAGE);
    s.push_str(
        "\n
An expression is a call name(arg, ...); each argument is CuTe notation or a nested call:
  24  -3          an integer
  (3,(2,4))       an int tuple: a shape, a stride or a coordinate
  (4,8):(1,4)     a layout shape:stride
  <4:1,8:2>       a tiler, one entry per mode (an entry n means n:1)
  (_,1)  _        a coordinate with _: a slice, a coalesce profile
  Sw<3,4,3>       a swizzle: xor of the bits [M+max(0,S), +B) into [M-min(0,S), +B)
  Sw<3,4,3> o 0 o (8,8):(8,1)
                  a swizzled layout: Sw(0 + (8,8):(8,1)(c)), CuTe's ComposedLayout
  (1@0, 8@1)      a basis descriptor (seed 001): strides N@d, N times the basis element e_d
  (4,8):(1@0,1@1)  a layout with basis strides: coordinates to coordinates
  (4,4):(f1,f5)    a layout with F2 strides: strides XOR-ed, scaled carry-less
  SM80_16x8x16_F32F16F16F32_TN  SM75_U32x4_LDSM_N  UniversalCopy<uint128_t>
                  an MMA or copy atom by CuTe's name (the names are listed at the end)
Example: cute eval 'logical_divide((8,16):(20,1), <4:1,8:2>)' prints ((4,2),(8,2)):((20,80),(2,1))
The drawing commands (show, svg, latex, html) also take a value as it is written:
cute show '(4,8):(1,4)', cute svg 'Sw<3,3,3> o 0 o (8,64):(64,1)' --elem-bytes 2.

A result prints on one line in CuTe notation. A failure prints `error: <kind>: <message>`
(to stderr for one expression, in place of the result for standard input).
Exit status: 0 success, 1 an expression failed, 2 usage error.
",
    );
    let _ = writeln!(s, "A tuple or layout holds at most {} leaves (more is a `too many leaves` error).", MAX_LEAVES);
    s.push_str(
        "\neval outside the domain follows CuTe: an index past the size is absorbed by the last leaf
(empty modes () hold nothing), a negative index gives -L(-i) (truncating division), and a
natural coordinate is not checked against its extents (eval((4,8):(1,4), (5,0)) is 5).
",
    );
    s.push_str("\nArgument kinds:\n");
    // The descriptions in one column past the longest name, at least one space after it.
    // In range: the names are short literals.
    #[allow(clippy::arithmetic_side_effects)]
    let width = ValueKind::ALL.iter().map(|k| k.name().len()).max().unwrap_or(0) + 1;
    for k in ValueKind::ALL {
        let _ = writeln!(s, "  {:<width$}{}", k.name(), k.description());
    }
    s.push_str("\nFunctions:\n");
    for f in functions() {
        let _ = writeln!(s, "  {}\n      {}", f, f.summary);
        if let Some(form) = f.swizzled() {
            let _ = writeln!(s, "  {}", form.signature);
        }
    }
    s.push_str("\nMMA atoms (layout_a_tv(SM80_16x8x16_F32F16F16F32_TN) prints its A layout):\n");
    for name in cute_core::atom::mma_atom_names() {
        let _ = writeln!(s, "  {}", name);
    }
    s.push_str("\nCopy atoms, their layouts in bits (layout_src_tv(SM75_U32x4_LDSM_N)):\n");
    for name in cute_core::atom::copy_atom_names() {
        let _ = writeln!(s, "  {}", name);
    }
    s
}
