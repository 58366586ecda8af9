//! `cute banks` and `cute sectors`, run as a user runs them.

use std::process::{Command, Output};

fn cute(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cute")).args(args).output().expect("the cute binary runs")
}

fn stdout(out: &Output) -> &str {
    std::str::from_utf8(&out.stdout).unwrap()
}

/// ldmatrix.x4 of an 8 x 64 tile of 16-bit elements (128-byte rows): thread t gives row t % 8,
/// 16-byte chunk t / 8, i.e. tile index (t % 8) + 8 * (8 * (t / 8) + v).
const LDSM_TV: &str = "((8,4),8):((1,64),8)";

#[test]
fn banks_text_names_the_worst_phase() {
    let out =
        cute(&["banks", "(8,64):(64,1)", "--elem-bytes", "2", "--access", LDSM_TV, "--atom", "SM75_U32x4_LDSM_N"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    // Each phase's 8 rows start 128 bytes apart: all in banks 0-3, 8 distinct words each.
    let want = "ldmatrix/stmatrix of 32 rows: 32 wavefronts, ideal 4, 8-way at worst\n  warp 0 step 0: phases 8 + 8 + 8 + 8 = 32 wavefronts (ideal 4)\nworst phase: warp 0 step 0, bank 0: 8 distinct words, threads at byte addresses T0@0 T1@128 T2@256 T3@384 T4@512 T5@640 T6@768 T7@896\n";
    assert_eq!(stdout(&out), want);
}

#[test]
fn banks_json_for_programs() {
    let out = cute(&[
        "banks",
        "Sw<3,3,3> o 0 o (8,64):(64,1)",
        "--elem-bytes",
        "2",
        "--access",
        LDSM_TV,
        "--vec",
        "8",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_str(stdout(&out)).expect("one JSON object");
    assert_eq!(v["wavefronts"], 4);
    assert_eq!(v["ideal"], 4);
    assert_eq!(v["degree"], 1);
    assert_eq!(v["phases"], serde_json::json!([1, 1, 1, 1]));
    assert_eq!(v["instructions"][0]["phases"], serde_json::json!([1, 1, 1, 1]));
}

#[test]
fn sectors_text_and_json() {
    let args = ["sectors", "(128,128):(128,1)", "--elem-bytes", "4", "--access", "(32,4):(1,128)", "--vec", "4"];
    let out = cute(&args);
    assert_eq!(
        stdout(&out),
        "32 sectors (fewest 16), efficiency 50.0% of the bytes fetched\n  warp 0 step 0: 512 bytes in 32 sectors (fewest 16) of 32 lines (fewest 4)\n"
    );
    let out = cute(&[&args[..], &["--json"]].concat());
    let v: serde_json::Value = serde_json::from_str(stdout(&out)).expect("one JSON object");
    assert_eq!(
        (v["sectors"].as_u64(), v["min_sectors"].as_u64(), v["efficiency"].as_f64()),
        (Some(32), Some(16), Some(0.5))
    );
}

#[test]
fn accesses_that_no_instruction_makes_are_errors() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["banks", "(32,32):(32,1)", "--elem-bytes", "4", "--access", "(32,32):(32,1)", "--vec", "2"],
            "error: invalid argument: thread 0 values 0..1: offsets 0 then 32 are not contiguous, so one 8-byte access cannot move them\n",
        ),
        (
            &["banks", "64:1", "--elem-bytes", "4", "--access", "(32,2):(2,1)", "--atom", "SM75_U32x3_LDSM_N"],
            "error: invalid argument: unknown copy atom 'SM75_U32x3_LDSM_N'",
        ),
        (&["banks", "size(4:1)", "--elem-bytes", "4", "--access", "4:1"], "error: invalid argument: a shared-memory layout is a layout, a swizzled or an F2 layout, not a int\n"),
        (&["sectors", "64:1", "--elem-bytes", "4", "--access", "(32,2"], "error: parse: --access (32,2: at byte 5: expected ',' or ')', found end of input\n"),
    ];
    for (args, want) in cases {
        let out = cute(args);
        assert_eq!(out.status.code(), Some(1), "{:?}", args);
        assert!(
            String::from_utf8_lossy(&out.stderr).starts_with(want),
            "{:?}: {}",
            args,
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn swizzle_for_finds_the_conflict_free_swizzle() {
    // 16-byte row writes (thread t: row t / 8, chunk t % 8) and ldmatrix.x4 reads of an 8 x 64
    // tile of 16-bit elements: Sw<3,3,3> XORs the row into the 16-byte chunk.
    let out = cute(&[
        "swizzle-for",
        "(8,64):(64,1)",
        "--elem-bytes",
        "2",
        "--access",
        "((8,8),8):((64,1),8)",
        "--by",
        "8",
        "--access",
        LDSM_TV,
        "--by",
        "SM75_U32x4_LDSM_N",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        stdout(&out),
        [
            "Sw<3,3,3> o 0 o (8,64):(64,1)",
            "wavefronts per access: 8,4 (without a swizzle: 8,32; ideal: 8,4), the ideal",
            "141 swizzles tried",
            "F2 optimum: (8,64):(f72,f1) = Sw<3,3,3> o 0 o (8,64):(64,1)",
            "wavefronts per access: 8,4; the best CuTe swizzle reaches it",
            "",
        ]
        .join("\n")
    );
    // The 32 x 32 f32 transpose's column reads: the 5 row bits XORed into the 5 column bits.
    let out = cute(&[
        "swizzle-for",
        "(32,32):(32,1)",
        "--elem-bytes",
        "4",
        "--access",
        "(32,32):(1,32)",
        "--by",
        "1",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&out)).expect("one JSON object");
    assert_eq!(
        (v["swizzle"].as_str(), v["wavefronts"][0].as_u64(), v["unswizzled"][0].as_u64()),
        (Some("Sw<5,0,5>"), Some(32), Some(1024))
    );
    assert_eq!(
        (v["f2"]["layout"].as_str(), v["f2"]["swizzle"].as_str()),
        (Some("(32,32):(f33,f1)"), Some("Sw<5,0,5>"))
    );
    assert_eq!(v["reaches_f2_optimum"].as_bool(), Some(true));
    // A 64 x 32 f32 tile written along a row and read by a warp whose lanes step rows 1, 4
    // and 16 and columns 1 and 8: a CuTe swizzle XORs one run of row bits into one run of
    // column bits, which cannot part all five lanes' banks; an F2 layout XORs row bits 0, 2
    // and 4 into column bits 1, 2 and 4.
    let out = cute(&[
        "swizzle-for",
        "(64,32):(32,1)",
        "--elem-bytes",
        "4",
        "--access",
        "(32,1):(64,0)",
        "--by",
        "1",
        "--access",
        "((2,2,2,2,2),1):((1,4,16,64,512),0)",
        "--by",
        "1",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&out)).expect("one JSON object");
    assert_eq!((v["swizzle"].as_str(), &v["wavefronts"]), (Some("Sw<3,2,3>"), &serde_json::json!([1, 2])));
    assert_eq!(v["f2"]["layout"].as_str(), Some("((2,2,2,2,2,2),32):((f34,f64,f132,f256,f528,f1024),f1)"));
    assert_eq!((&v["f2"]["wavefronts"], &v["f2"]["swizzle"]), (&serde_json::json!([1, 1]), &serde_json::Value::Null));
    assert_eq!(v["reaches_f2_optimum"].as_bool(), Some(false));
    // A tile whose extents are not powers of two has no F2 optimum, and says why.
    let out = cute(&[
        "swizzle-for",
        "(24,32):(32,1)",
        "--elem-bytes",
        "4",
        "--access",
        "(24,1):(1,0)",
        "--by",
        "1",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&out)).expect("one JSON object");
    assert_eq!(
        v["f2"]["none"].as_str(),
        Some("extent 24 of the tile (24,32):(32,1) is not a power of two, so no F2 layout numbers its offsets")
    );
    assert_eq!(v["reaches_f2_optimum"], serde_json::Value::Null);
    let out =
        cute(&["swizzle-for", "(8,8):(8,1)", "--elem-bytes", "4", "--access", "(8,8):(1,8)", "--by", "1", "--by", "2"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: invalid argument: 1 --access but 2 --by: give one --by per access\n"
    );
}

#[test]
fn banks_draws_the_worst_phase() {
    let args = ["banks", "(8,64):(64,1)", "--elem-bytes", "2", "--access", LDSM_TV, "--atom", "SM75_U32x4_LDSM_N"];
    let out = cute(&[&args[..], &["--svg"]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let svg = stdout(&out);
    // The worst phase: rows 0-7 of chunk 0 meet in bank 0; its word holds elements 0 and 1 of
    // each row, so 16 cells are marked, those of columns 0 and 1.
    let doc = roxmltree::Document::parse(svg).expect("the SVG is XML");
    let marked: Vec<usize> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("cell marked"))
        .map(|n| n.attribute("data-k").unwrap().parse().unwrap())
        .collect();
    let want: Vec<usize> = (0..8).flat_map(|row| [row * 64, row * 64 + 1]).collect();
    assert_eq!(marked, want);
    assert!(svg.contains(
        "marked: the elements of the worst phase (warp 0, step 0) in bank 0: 8 distinct words, 8 wavefronts"
    ));
    let out = cute(&[&args[..], &["--html"]].concat());
    let page = stdout(&out);
    assert!(
        page.contains("<code id=\"result\">ldmatrix/stmatrix of 32 rows: 32 wavefronts, ideal 4, 8-way at worst"),
        "{}",
        &page[..500]
    );
    assert!(page.contains("class=\"cell marked\""));
}

#[test]
fn review_cases() {
    // A padded tile (cosize 259, not a power of two): the swizzle found keeps every offset
    // inside the tile.
    let out =
        cute(&["swizzle-for", "(4,64):(65,1)", "--elem-bytes", "2", "--access", "(4,64):(1,4)", "--by", "1", "--json"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&out)).expect("one JSON object");
    let layout = v["layout"].as_str().unwrap().to_string();
    for i in 0..256 {
        let o = cute(&["eval", &format!("eval({}, {})", layout, i)]);
        let o: i64 = stdout(&o).trim().parse().unwrap();
        assert!((0..259).contains(&o), "{} at {}: {}", layout, i, o);
    }
    let cases: [(&[&str], &str); 3] = [
        (
            &["banks", "(32,32):(32,1)", "--elem-bytes", "4", "--access", "(32,64):(1,32)"],
            "error: invalid argument: thread 0 value 32: tile index 1024 is outside the tile's 0..1024\n",
        ),
        (
            &["sectors", "(32,8):(8,1)", "--elem-bytes", "2", "--access", "(8,8):(8,1)", "--atom", "SM75_U32x1_LDSM_N"],
            "error: invalid argument: ldmatrix/stmatrix of 8 rows moves shared memory only, not global memory\n",
        ),
        (
            &["banks", "64:1", "--elem-bytes", "0", "--access", "(32,2):(2,1)"],
            "error: invalid argument: element size 0 bytes: expected 1 to 16\n",
        ),
    ];
    for (args, want) in cases {
        let out = cute(args);
        assert_eq!(
            (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned()),
            (Some(1), want.to_string()),
            "{:?}",
            args
        );
    }
}
