//! The README's pictures section and the files of `docs/gallery/` are the `cute` command's own
//! output: this test runs each command and fails when a file or the section differs from what
//! the command prints now. `CUTE_BLESS=1 cargo test -p cute-cli --test gallery` rewrites them.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A picture written to `docs/gallery/FILE` by `cute ARGS`.
struct Picture {
    file: &'static str,
    args: &'static [&'static str],
    what: &'static str,
}

const PICTURES: [Picture; 9] = [
    Picture {
        file: "nested.svg",
        args: &["svg", "((2,4),(2,2)):((1,8),(4,32))"],
        what: "nested modes: a heavier line where each inner mode wraps, coordinates along the edges, CuTe's greys by offset",
    },
    Picture {
        file: "folded.svg",
        args: &["svg", "(2,3,4):(12,1,3)"],
        what: "rank 3, folded: mode 0 down, modes 1 and 2 across",
    },
    Picture {
        file: "tv.svg",
        args: &["svg", "make_layout_tv((2,4):(4,1), (2,2):(2,1))"],
        what: "a thread-value layout over its tile: thread and value per cell, CuTe's pastels by thread",
    },
    Picture {
        file: "banks.svg",
        args: &["svg", "Sw<3,3,3> o 0 o (8,64):(64,1)", "--elem-bytes", "2"],
        what: "a 128-byte swizzle of 2-byte elements by bank: the swizzled offset large, the plain one small",
    },
    Picture {
        file: "partition.svg",
        args: &["svg", "local_partition((16,16):(16,1), (4,4):(4,1), 0)", "--within", "(16,16):(16,1)"],
        what: "the elements thread 0 owns in the whole tile",
    },
    Picture {
        file: "mma.svg",
        args: &["svg", "SM80_16x8x8_F16F16F16F16_TN"],
        what: "an MMA atom as CuTe draws it: C at the bottom right, A to its left, B above (k down), each element's thread and value",
    },
    Picture {
        file: "copy.svg",
        args: &["svg", "make_tiled_copy(UniversalCopy<uint64_t>, 16, (8,4):(4,1), (1,4):(1,1))"],
        what: "a tiled copy: the source tile and the destination tile side by side",
    },
    Picture {
        file: "divide.html",
        args: &["html", "logical_divide((8,8):(8,1), <2:1,4:1>)"],
        what: "one self-contained page: the result, the picture (hover a cell for its coordinate, index and offset) and the explanation",
    },
    Picture {
        file: "nested.tex",
        args: &["latex", "((2,4),(2,2)):((1,8),(4,32))"],
        what: "the first picture as a standalone TikZ document (`pdflatex nested.tex`)",
    },
];

/// Text outputs shown in the README as they are printed.
const TEXTS: [&[&str]; 5] = [
    &["show", "make_layout_tv((2,2):(2,1), (1,2):(1,1))"],
    &["explain", "complement(4:2, 24)"],
    &["explain", "composition((4,6,8):(2,3,5), 6:3)"],
    &["banks", "(8,64):(64,1)", "--elem-bytes", "2", "--access", "((8,4),8):((1,64),8)", "--atom", "SM75_U32x4_LDSM_N"],
    &[
        "swizzle-for",
        "(8,64):(64,1)",
        "--elem-bytes",
        "2",
        "--access",
        "((8,8),8):((64,1),8)",
        "--by",
        "8",
        "--access",
        "((8,4),8):((1,64),8)",
        "--by",
        "SM75_U32x4_LDSM_N",
    ],
];

const BEGIN: &str = "<!-- gallery:begin";
const END: &str = "<!-- gallery:end -->";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn run(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_cute")).args(args).output().unwrap();
    String::from_utf8(out.stdout).unwrap()
}

/// The command line as a user types it, each expression in single quotes.
fn typed(args: &[&str]) -> String {
    let quoted: Vec<String> = args
        .iter()
        .map(|a| if a.contains([' ', '(', '<', ':']) { format!("'{}'", a) } else { a.to_string() })
        .collect();
    format!("cute {}", quoted.join(" "))
}

fn section() -> String {
    let mut s = String::new();
    s.push_str(BEGIN);
    s.push_str(": made by cute-cli/tests/gallery.rs from the command's output; CUTE_BLESS=1 rewrites it -->\n\n");
    s.push_str(
        "The `cute` command (`cargo run --release -p cute-cli -- show ...`, or `cargo install --path cute-cli` \
         once) draws what an expression gives (a call, or a layout written as it is). `show` \
         prints CuTe's table for any rank; `svg` and `latex` write the picture (the SVG needs no toolchain, the \
         TikZ is a standalone document); `html` writes one self-contained page where hovering a cell shows its \
         coordinate, index and offset (and thread, value, bank) and clicking a cell shows all of its thread's \
         cells; `explain` derives the result step by step; `cute serve` does all of it in a local web page \
         whose address holds the expression (`cute serve --port 8000` prints `listening on \
         http://127.0.0.1:8000/`). `--tv --tile SHAPE`, `--banks --elem-bytes N`, `--within LAYOUT` \
         and `--palette greys|pastels|rainbow` choose what is drawn. The library behind them is \
         `cute::picture` (`print_layout`, `print_svg`, `print_latex`) and `cute::explain`.\n\n",
    );
    s.push_str(&format!("```text\n$ {}\n{}```\n\n", typed(TEXTS[0]), run(TEXTS[0])));
    for p in &PICTURES {
        if p.file.ends_with(".svg") {
            s.push_str(&format!("![{}](docs/gallery/{})\n\n", p.what, p.file));
            s.push_str(&format!("`{} > docs/gallery/{}`: {}.\n\n", typed(p.args), p.file, p.what));
        } else {
            s.push_str(&format!(
                "`{} > `[`docs/gallery/{}`](docs/gallery/{}): {}.\n\n",
                typed(p.args),
                p.file,
                p.file,
                p.what
            ));
        }
    }
    for args in &TEXTS[1..3] {
        s.push_str(&format!("```text\n$ {}\n{}```\n\n", typed(args), run(args)));
    }
    s.push_str(
        "`cute banks` counts a warp's shared-memory wavefronts phase by phase (here `ldmatrix.x4` of \
         8 rows of 128 bytes of 16-bit elements, thread t giving row t % 8 and 16-byte chunk t / 8), \
         `cute sectors` its global-memory sectors, and `cute swizzle-for` finds the CuTe swizzle that \
         makes the tile's writes and reads conflict-free (`--json` for programs; `cute banks --svg` marks \
         the worst phase's elements); see the guide's \"Bank conflicts and coalescing\".\n\n",
    );
    for args in &TEXTS[3..] {
        s.push_str(&format!("```text\n$ {}\n{}```\n\n", typed(args), run(args)));
    }
    s.push_str(END);
    s
}

#[test]
fn gallery_is_the_commands_output() {
    let bless = std::env::var_os("CUTE_BLESS").is_some();
    let dir = root().join("docs/gallery");
    let mut stale = Vec::new();
    for p in &PICTURES {
        let now = run(p.args);
        assert!(!now.is_empty(), "{} printed nothing", typed(p.args));
        let path = dir.join(p.file);
        if std::fs::read_to_string(&path).ok().as_deref() != Some(now.as_str()) {
            if bless {
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(&path, now).unwrap();
            } else {
                stale.push(format!("docs/gallery/{}", p.file));
            }
        }
    }
    let readme_path = root().join("README.md");
    let readme = std::fs::read_to_string(&readme_path).unwrap();
    let start = readme.find(BEGIN).expect("README.md has the gallery's begin marker");
    let end = readme.find(END).expect("README.md has the gallery's end marker") + END.len();
    let want = section();
    if readme[start..end] != want {
        if bless {
            std::fs::write(&readme_path, format!("{}{}{}", &readme[..start], want, &readme[end..])).unwrap();
        } else {
            stale.push("README.md's pictures section".to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "stale, not what the command prints now: {}; run CUTE_BLESS=1 cargo test -p cute-cli --test gallery",
        stale.join(", ")
    );
}
