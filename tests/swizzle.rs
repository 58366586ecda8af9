//! Swizzles and swizzled layouts (`Sw o offset o L`) on the dynamic engine: CuTe's rules, the
//! Hopper shared-memory modes, and the post-conditions of every operation, checked pointwise.

use cute::dynamic::{
    compose_swizzles, make_swizzle, make_swizzle_masks, zipped_divide, ComposedLayout, ErrorKind, Layout,
};
use cute::swizzle::{Swizzle, SwizzleError, SW128, SW32, SW64, SW_NONE};
use proptest::prelude::*;

/// Every valid swizzle with `B <= 4`, `M <= 4`, `|S| <= 7`.
fn swizzles() -> Vec<Swizzle> {
    let mut all = Vec::new();
    for b in 0..=4 {
        for m in 0..=4 {
            for s in -7..=7 {
                if let Ok(sw) = Swizzle::new(b, m, s) {
                    all.push(sw);
                }
            }
        }
    }
    all
}

/// The offsets `[0, 2^(M + |S| + B + 1))`: every field, and a bit above them.
fn span(sw: Swizzle) -> i64 {
    1i64 << (sw.base() + sw.shift().abs() + sw.bits() + 1)
}

#[test]
fn hopper_modes_xor_the_chunk_by_the_line() {
    // On 128-byte lines, 16-byte chunk c of line l lands in chunk c ^ (l mod 2^B): for the
    // 128-byte mode, chunk c of row r in chunk c ^ r.
    for (sw, b) in [(SW32, 1), (SW64, 2), (SW128, 3)] {
        for line in 0..64i64 {
            for chunk in 0..8i64 {
                for byte in 0..16i64 {
                    let at = line * 128 + 16 * chunk + byte;
                    let to = line * 128 + 16 * (chunk ^ (line % (1 << b))) + byte;
                    assert_eq!(sw.apply(at), to, "{} at line {} chunk {}", sw, line, chunk);
                }
            }
        }
    }
    assert!((0..4096).all(|x| SW_NONE.apply(x) == x));
    // The WGMMA descriptor's swizzle_mode of each.
    let modes: Vec<_> = [SW_NONE, SW128, SW64, SW32].iter().map(|s| s.wgmma_mode()).collect();
    assert_eq!(modes, [Some(0), Some(1), Some(2), Some(3)]);
    assert_eq!(
        [SW_NONE, SW32, SW64, SW128].map(|s| s.to_string()),
        ["Sw<0,0,0>", "Sw<1,4,3>", "Sw<2,4,3>", "Sw<3,4,3>"]
    );
}

#[test]
fn every_swizzle_is_its_own_inverse() {
    let all = swizzles();
    assert!(all.len() > 200);
    for sw in all {
        for x in 0..span(sw) {
            let y = sw.apply(x);
            assert_eq!(sw.apply(y), x, "{} at {}", sw, x);
            // It keeps the bits outside the ZZZ field.
            assert_eq!(y & !sw.zzz_mask(), x & !sw.zzz_mask(), "{} at {}", sw, x);
        }
    }
}

#[test]
fn seed_001_reads_the_shift_as_an_absolute_bit() {
    // The seed's formula XORs bits [S, S+B) into [M, M+B); for swizzle<3,4,3> the fields
    // overlap, and it is not its own inverse, against the seed's own claim.
    let seed = |x: i64| x ^ (((x & (0b111 << 3)) >> 3) << 4);
    assert_eq!(seed(0x18), 0x28);
    assert_eq!(seed(0x28), 0x78);
    // CuTe's Sw<3,4,3> reads bits [7,10): 0x18 has none of them set and stays; 0x2a8 (bit 9
    // and bit 7, so 5) moves its chunk 2 to 2 ^ 5 = 7.
    assert_eq!(SW128.apply(0x18), 0x18);
    assert_eq!(SW128.apply(0x2a8), 0x2a8 ^ (5 << 4));
}

#[test]
fn parameters_follow_cutes_rules() {
    assert_eq!(Swizzle::new(-1, 0, 1), Err(SwizzleError::NegativeBits(-1)));
    assert_eq!(Swizzle::new(1, -2, 1), Err(SwizzleError::NegativeBase(-2)));
    assert_eq!(Swizzle::new(3, 4, -2), Err(SwizzleError::ShiftTooSmall { bits: 3, shift: -2 }));
    assert_eq!(Swizzle::new(20, 20, 30), Err(SwizzleError::TooWide));
    assert!(Swizzle::new(3, 4, -3).is_ok());
    let e = make_swizzle(2, 0, 1).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidSwizzle);
    assert_eq!(e.to_string(), "invalid swizzle: Swizzle<2,_,1>: abs(SShift) must be at least BBits");
    let e = make_swizzle(1i64 << 40, 0, 0).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidSwizzle);
    assert!(e.to_string().contains("out of range"), "{}", e);
}

#[test]
fn make_swizzle_reads_the_two_masks() {
    for sw in swizzles() {
        let back = Swizzle::make(sw.yyy_mask(), sw.zzz_mask()).unwrap();
        // The same function (an identity may come back as Sw<0,0,0>).
        assert!((0..span(sw)).all(|x| back.apply(x) == sw.apply(x)), "{} -> {}", sw, back);
        if !sw.is_identity() {
            assert_eq!(back, sw);
        }
    }
    assert_eq!(make_swizzle_masks(0b1000, 0b0100).unwrap().to_string(), "Sw<1,2,1>");
    for (y, z) in [(0b11, 0b1), (0b101, 0b11000), (0b11, 0b110)] {
        let e = make_swizzle_masks(y, z).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidSwizzle);
        assert!(e.to_string().contains("are not the fields of a swizzle"), "{}", e);
    }
}

#[test]
fn swizzles_of_one_shift_compose() {
    let all = swizzles();
    let mut merged = 0;
    for &a in &all {
        for &b in &all {
            match compose_swizzles(a, b) {
                Ok(c) => {
                    merged += 1;
                    let n = span(a).max(span(b));
                    assert!((0..n).all(|x| c.apply(x) == a.apply(b.apply(x))), "{} o {} = {}", a, b, c);
                }
                Err(e) => {
                    assert_eq!(e.kind(), ErrorKind::InvalidSwizzle);
                    let msg = e.to_string();
                    assert!(
                        (a.shift() != b.shift() && msg.contains("differ")) || msg.contains("not the fields"),
                        "{} o {}: {}",
                        a,
                        b,
                        msg
                    );
                }
            }
        }
    }
    assert!(merged > 1000, "{}", merged);
}

#[test]
fn casts_move_the_base() {
    for sw in swizzles() {
        for k in 0..3 {
            let n = 1i64 << k;
            // Wider elements: element x is bytes [x n, x n + n).
            let up = sw.upcast(n).unwrap();
            if sw.base() >= k {
                assert!((0..span(sw) / n).all(|x| up.apply(x) * n == sw.apply(x * n)), "{} up {}", sw, n);
            }
            let down = sw.downcast(n).unwrap();
            assert!(
                (0..span(sw)).all(|x| (0..n).all(|r| down.apply(x * n + r) == sw.apply(x) * n + r)),
                "{} down {}",
                sw,
                n
            );
        }
    }
    assert_eq!(SW128.upcast(3), Err(SwizzleError::NotPowerOfTwo(3)));
}

#[test]
fn composed_layouts_evaluate_slice_and_divide_pointwise() {
    let l: Layout = "(8,128):(128,1)".parse().unwrap();
    let c = ComposedLayout::new(SW128, 0, l.clone());
    for i in 0..1024 {
        assert_eq!(c.call(i).unwrap(), SW128.apply(l.call(i).unwrap()));
    }
    for r in 0..8i64 {
        let (row, off) = c.slice_and_offset(&format!("({},_)", r).parse().unwrap()).unwrap();
        assert_eq!(off, 0);
        assert_eq!(row.offset(), 128 * r);
        for j in 0..128i64 {
            assert_eq!(row.call(j).unwrap(), c.call_coord(&format!("({},{})", r, j).parse().unwrap()).unwrap());
        }
    }
    let d = c.map_inner(|x| zipped_divide(x, &"(4,32)".parse().unwrap())).unwrap();
    let inner = zipped_divide(&l, &"(4,32)".parse().unwrap()).unwrap();
    for i in 0..1024 {
        assert_eq!(d.call(i).unwrap(), SW128.apply(inner.call(i).unwrap()));
    }
}

/// A row-major tile of 2^r rows and 2^k columns, swizzled by a swizzle whose fields fit in it.
fn tiles() -> impl Strategy<Value = (ComposedLayout, i64)> {
    (1u32..5, 1u32..5, 0i32..4, 0i32..4, 1i32..5).prop_filter_map("fits", |(r, k, b, m, s)| {
        let sw = Swizzle::new(b, m, s).ok()?;
        let size = 1i64 << (r + k);
        if span(sw) / 2 > size {
            return None;
        }
        let l: Layout = format!("({},{}):({},1)", 1i64 << r, 1i64 << k, 1i64 << k).parse().ok()?;
        Some((ComposedLayout::new(sw, 0, l), size))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]
    /// The inverses of a swizzled tile, when they exist, satisfy their post-conditions; when the
    /// swizzle cannot be moved through, the error says so.
    #[test]
    fn inverses_of_swizzled_tiles((c, size) in tiles()) {
        match c.right_inverse() {
            Ok(r) => {
                let n = r.size().unwrap();
                for i in 0..n {
                    prop_assert_eq!(c.call(r.call(i).unwrap()).unwrap(), i, "{} and {}", c, r);
                }
            }
            Err(e) => prop_assert_eq!(e.kind(), ErrorKind::InvalidSwizzle),
        }
        match c.left_inverse() {
            Ok(l) => {
                for i in 0..size {
                    prop_assert_eq!(l.call(c.call(i).unwrap()).unwrap(), i, "{} and {}", c, l);
                }
            }
            Err(e) => prop_assert_eq!(e.kind(), ErrorKind::InvalidSwizzle),
        }
    }

    /// Upcasting a swizzled row-major tile of bytes to elements of n bytes (n within M) reads
    /// the same elements: element (r, j) of the upcast is bytes (r, n j) .. (r, n j + n).
    #[test]
    fn upcast_keeps_the_elements((c, _) in tiles(), k in 0u32..3) {
        let n = 1i64 << k;
        prop_assume!(c.swizzle().base() >= k as i32);
        let (rows, cols) = match c.inner().shape().modes() {
            [r, k] => (r.to_string().parse::<i64>().unwrap(), k.to_string().parse::<i64>().unwrap()),
            _ => unreachable!("a rank-2 tile"),
        };
        prop_assume!(cols >= n);
        let up = c.upcast(n).unwrap();
        prop_assert_eq!(up.size().unwrap(), rows * cols / n);
        for r in 0..rows {
            for j in 0..cols / n {
                let wide = up.call_coord(&format!("({},{})", r, j).parse().unwrap()).unwrap();
                let narrow = c.call_coord(&format!("({},{})", r, j * n).parse().unwrap()).unwrap();
                prop_assert_eq!(wide * n, narrow, "{} up {}: {}", c, n, up);
            }
        }
    }
}

#[test]
fn max_common_vector_stops_at_the_swizzle() {
    let l: Layout = "(8,128):(128,1)".parse().unwrap();
    let a = ComposedLayout::new(SW128, 0, l.clone());
    // The 16 bytes below the swizzled bits stay together; a whole equal swizzle keeps all.
    assert_eq!(a.max_common_vector(&l).unwrap(), 16);
    assert_eq!(a.max_common_vector_composed(&a).unwrap(), 1024);
    let b = ComposedLayout::new(SW32.downcast(2).unwrap(), 0, l);
    assert_eq!(a.max_common_vector_composed(&b).unwrap(), 16);
}

#[test]
fn a_swizzled_shared_memory_tile_is_a_tensor() {
    use cute::swizzle::Sw;
    use cute::tensor::{copy, fill, make_tensor};
    use cute::typenum::P3;
    use cute::{coord, layout, ComposedLayout};
    // 8 rows of 64 two-byte elements (128-byte rows), 128-byte swizzled: Sw<3,4,3> on bytes is
    // Sw<3,3,3> on two-byte elements.
    assert_eq!(SW128.upcast(2).unwrap(), Sw::<P3, P3, P3>::new().swizzle());
    let gmem: Vec<u16> = (0..512).collect();
    for (name, smem_layout) in [
        ("(row, column)", ComposedLayout::new(Sw::<P3, P3, P3>::new().swizzle(), 0, layout!((8,64):(64,1))).unwrap()),
        ("runtime swizzle", ComposedLayout::new(Swizzle::new(3, 3, 3).unwrap(), 0, layout!((8,64):(64,1))).unwrap()),
    ] {
        let mut smem = vec![0u16; 512];
        let src = make_tensor(&gmem[..], layout!((8,64):(64,1))).unwrap();
        copy(&src, &mut make_tensor(&mut smem[..], smem_layout).unwrap()).unwrap();
        for r in 0..8usize {
            for c in 0..64usize {
                let v = (r * 64 + c) as u16;
                // Element (r, c) is in 16-byte chunk c / 8 ^ r of row r, at c % 8 inside it.
                let at = r * 64 + 8 * ((c / 8) ^ r) + c % 8;
                assert_eq!(smem[at], v, "{}: ({}, {})", name, r, c);
                assert_eq!(smem_layout.call_coord(coord!((r, c))), at as isize);
            }
        }
        // Read back through the same layout.
        let mut back = vec![0u16; 512];
        let view = make_tensor(&smem[..], smem_layout).unwrap();
        copy(&view, &mut make_tensor(&mut back[..], layout!((8,64):(64,1))).unwrap()).unwrap();
        assert_eq!(back, gmem, "{}", name);
    }
    // In (column, row) order the copy goes in runs of 8 elements (16 bytes) that the swizzle
    // keeps together; the result is the same.
    let by_column = ComposedLayout::new(Sw::<P3, P3, P3>::new(), 0, layout!((64,8):(1,64))).unwrap();
    let mut smem = vec![0u16; 512];
    copy(&make_tensor(&gmem[..], layout!((64,8):(1,64))).unwrap(), &mut make_tensor(&mut smem[..], by_column).unwrap())
        .unwrap();
    assert!((0..512usize).all(|i| smem[SW128.upcast(2).unwrap().apply(i as i64) as usize] == i as u16));
    // A slice keeps the swizzle, the row's offset inside it.
    let row = by_column.slice(coord!((_, 5))).unwrap();
    assert_eq!(row.to_string(), "Sw<3,3,3> o 320 o (_64):(_1)");
    let row_view = make_tensor(&smem[..], row).unwrap();
    assert!((0..64).all(|c| *row_view.get(c).unwrap() == (5 * 64 + c) as u16));
    // The algorithms write through the swizzle, and the view is checked when made.
    fill(&mut make_tensor(&mut smem[..], by_column).unwrap(), 7);
    assert!(smem.iter().all(|&v| v == 7));
    let e = make_tensor(&smem[..100], by_column).unwrap_err();
    assert_eq!(e.kind(), cute::error::ErrorKind::IndexOutOfRange);
}

#[test]
fn composed_layouts_of_the_layout_type_reshape_their_inner_layout() {
    use cute::swizzle::Sw64B;
    use cute::{coord, layout, logical_product, tiler, ComposedLayout};
    let c = ComposedLayout::new(Sw64B::new(), 0, layout!((4,64):(64,1))).unwrap();
    // Products through map_inner; the swizzle and offset stay outside.
    let p = c.map_inner(|l| logical_product(l, layout!(2:1))).unwrap();
    assert_eq!(p.to_string(), "Sw<2,4,3> o 0 o ((_4,_64),_2):((_64,_1),_256)");
    // Every reshaping keeps the function on the elements it keeps: the tile (1, 1) of a
    // zipped divide is the elements (2..4, 16..32).
    let z = c.zipped_divide(tiler!(<2:1,16:1>)).unwrap();
    let d = z.to_dynamic();
    for r in 0..2usize {
        for k in 0..16usize {
            let tile_index = (r + 2 * k) as i64 + 32 * (1 + 2);
            assert_eq!(d.call(tile_index).unwrap(), c.call_coord(coord!(({ 2 + r }, { 16 + k }))) as i64);
        }
    }
    // The casts, static swizzle and static layout: as the dynamic engine's.
    use cute::typenum::{P16, P2};
    let up = c.upcast::<P16>().unwrap();
    assert_eq!(up.to_string(), "Sw<2,0,3> o 0 o (_4,_4):(_4,_1)");
    assert_eq!(up.to_dynamic(), c.to_dynamic().upcast(16).unwrap());
    assert_eq!(core::mem::size_of_val(&up.swizzle()), 0);
    let down = c.downcast::<P2>().unwrap();
    assert_eq!(down.to_string(), "Sw<2,5,3> o 0 o (_4,_128):(_128,_1)");
    assert_eq!(down.to_dynamic(), c.to_dynamic().downcast(2).unwrap());
    // max_common_vector, static: the dynamic engine's.
    let d = c.to_dynamic();
    let (rows, cols) = (layout!((4,64):(64,1)), layout!((4,64):(1,4)));
    assert_eq!(c.max_common_vector(rows).unwrap(), d.max_common_vector(&rows.to_dynamic()).unwrap());
    assert_eq!(c.max_common_vector(cols).unwrap(), d.max_common_vector(&cols.to_dynamic()).unwrap());
    assert_eq!(c.max_common_vector(layout!((4,64):(64,1))).unwrap(), 16);
    assert_eq!(c.max_common_vector_composed(&c).unwrap(), 256);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]
    /// A swizzled layout of the crate's layout type evaluates, slices and divides as the
    /// dynamic engine's does.
    #[test]
    fn the_layout_types_composed_layouts_are_the_dynamic_engines(
        (c, _) in tiles(), offset in 0i64..64, row in 0usize..2,
    ) {
        use cute::{coord, tiler, ComposedLayout as Mixed};
        let (rows, cols) = match c.inner().shape().modes() {
            [r, k] => (r.to_string().parse::<i64>().unwrap(), k.to_string().parse::<i64>().unwrap()),
            _ => unreachable!("a rank-2 tile"),
        };
        let inner = cute::layout!(({rows},{cols}):({cols},1)).unwrap();
        let m = Mixed::new(c.swizzle(), offset, inner).unwrap();
        let d = ComposedLayout::new(c.swizzle(), offset, c.inner().clone());
        prop_assert_eq!(m.to_dynamic(), d.clone());
        for i in 0..(rows * cols) as usize {
            prop_assert_eq!(m.call(i) as i64, d.call(i as i64).unwrap());
        }
        let r = row.min(rows as usize - 1);
        let ms = m.slice(coord!((r, _))).unwrap();
        let (ds, _) = d.slice_and_offset(&format!("({},_)", r).parse().unwrap()).unwrap();
        prop_assert_eq!(ms.to_dynamic(), ds);
        let mz = m.zipped_divide(tiler!(<1:1,1:1>)).unwrap();
        prop_assert_eq!(mz.to_dynamic().inner().size().unwrap(), rows * cols);
        // The casts with a runtime swizzle and runtime extents: as the dynamic engine's, or
        // its error (an offset 2 does not divide, the inner layout's conditions).
        use cute::typenum::P2;
        match (m.upcast::<P2>(), d.upcast(2)) {
            (Ok(u), Ok(v)) => prop_assert_eq!(u.to_dynamic(), v),
            (Err(e), Err(f)) => prop_assert_eq!(e.kind(), f.kind()),
            (u, v) => prop_assert!(false, "upcast<2> of {}: {:?} and {:?}", d, u.map(|u| u.to_string()), v),
        }
        prop_assert_eq!(m.downcast::<P2>().unwrap().to_dynamic(), d.downcast(2).unwrap());
        // max_common_vector against the plain tile and against itself: at most the dynamic
        // engine's (the runtime strides end the layout type's chain, as in CuTe), and capped by
        // the swizzle as there.
        let (mv, dv) = (m.max_common_vector(inner).unwrap(), d.max_common_vector(c.inner()).unwrap());
        prop_assert!(1 <= mv && mv <= dv && mv <= 1 << c.swizzle().base(), "{} {}", mv, dv);
        let (mv, dv) = (m.max_common_vector_composed(&m).unwrap(), d.max_common_vector_composed(&d).unwrap());
        prop_assert!(1 <= mv && mv <= dv, "{} {}", mv, dv);
    }
}

/// A static swizzle composition against the runtime one: the same swizzle where the verdict
/// passes, an error where it fails (and the failure's kind is the runtime's).
fn static_compose_is_the_runtime_one<L, R>(l: (i32, i32, i32), r: (i32, i32, i32)) -> bool
where
    L: cute::swizzle::SwizzleComposition<R>,
    L::Verdict: cute::statics::report::Outcome,
    L::Output: cute::swizzle::SwizzleFn + Default,
{
    use cute::statics::report::Outcome;
    let runtime = Swizzle::new(l.0, l.1, l.2).unwrap().compose(Swizzle::new(r.0, r.1, r.2).unwrap());
    match <L::Verdict as Outcome>::KIND {
        None => {
            let made = cute::swizzle::SwizzleFn::swizzle_fn(&L::Output::default());
            assert_eq!(runtime, Ok(made), "Sw<{},{},{}> o Sw<{},{},{}>", l.0, l.1, l.2, r.0, r.1, r.2);
            true
        }
        Some(kind) => {
            assert_eq!(kind, ErrorKind::InvalidSwizzle);
            assert!(runtime.is_err(), "Sw<{},{},{}> o Sw<{},{},{}>: {:?}", l.0, l.1, l.2, r.0, r.1, r.2, runtime);
            false
        }
    }
}

/// `static_compose_is_the_runtime_one` for every pair of the listed static swizzles `(B, M)` of
/// shift `S`, counting the pairs that merge.
macro_rules! every_pair {
    ($s:ty = $sv:expr; $($b:ty = $bv:expr, $m:ty = $mv:expr;)*) => {{
        let mut merged = 0;
        every_pair!(@left merged, $s = $sv; [$($b = $bv, $m = $mv;)*]; $($b = $bv, $m = $mv;)*);
        merged
    }};
    (@left $n:ident, $s:ty = $sv:expr; $all:tt; $($b:ty = $bv:expr, $m:ty = $mv:expr;)*) => {
        $(every_pair!(@right $n, $s = $sv; $b = $bv, $m = $mv; $all);)*
    };
    (@right $n:ident, $s:ty = $sv:expr; $b:ty = $bv:expr, $m:ty = $mv:expr; [$($c:ty = $cv:expr, $k:ty = $kv:expr;)*]) => {
        $($n += static_compose_is_the_runtime_one::<Sw<$b, $m, $s>, Sw<$c, $k, $s>>(($bv, $mv, $sv), ($cv, $kv, $sv)) as usize;)*
    };
}

#[test]
fn static_swizzles_compose_as_the_runtime_ones() {
    use cute::swizzle::Sw;
    use cute::typenum::{N4, P1, P2, P3, P4, P5, P6, Z0};
    // Shift 3: every B <= 3 (B = 0 is the identity) and M <= 5.
    let merged = every_pair!(P3 = 3;
        Z0 = 0, Z0 = 0; P1 = 1, Z0 = 0; P1 = 1, P1 = 1; P1 = 1, P2 = 2; P1 = 1, P3 = 3; P1 = 1, P4 = 4; P1 = 1, P5 = 5;
        P2 = 2, Z0 = 0; P2 = 2, P1 = 1; P2 = 2, P2 = 2; P2 = 2, P3 = 3; P2 = 2, P4 = 4; P2 = 2, P5 = 5;
        P3 = 3, Z0 = 0; P3 = 3, P1 = 1; P3 = 3, P2 = 2; P3 = 3, P3 = 3; P3 = 3, P4 = 4; P3 = 3, P5 = 5;
    );
    // Shift -4: the lower field is YYY.
    let merged_negative = every_pair!(N4 = -4;
        P1 = 1, Z0 = 0; P1 = 1, P1 = 1; P1 = 1, P2 = 2; P1 = 1, P6 = 6;
        P2 = 2, Z0 = 0; P2 = 2, P2 = 2; P2 = 2, P4 = 4; P3 = 3, P1 = 1;
    );
    // Neither all merge nor none (the counts are the runtime's: the same pairs merge).
    assert!(
        (merged, merged_negative) > (40, 10) && merged < 19 * 19 && merged_negative < 64,
        "{} {}",
        merged,
        merged_negative
    );
    // Different shifts do not merge, where neither is the identity.
    assert!(!static_compose_is_the_runtime_one::<Sw<P1, P4, P3>, Sw<P1, P4, P4>>((1, 4, 3), (1, 4, 4)));
    assert!(!static_compose_is_the_runtime_one::<Sw<P2, P1, N4>, Sw<P2, P1, P4>>((2, 1, -4), (2, 1, 4)));
    assert!(static_compose_is_the_runtime_one::<Sw<Z0, Z0, Z0>, Sw<P2, P1, N4>>((0, 0, 0), (2, 1, -4)));
}

/// The static `make_swizzle` against the runtime one: the same swizzle, or an error on both.
fn static_make_is_the_runtime_one<Y, Z>() -> bool
where
    Y: cute::typenum::Unsigned,
    Z: cute::typenum::Unsigned,
    (Y, Z): cute::swizzle::MakeSwizzle,
    <(Y, Z) as cute::swizzle::MakeSwizzle>::Verdict: cute::statics::report::Outcome,
    <(Y, Z) as cute::swizzle::MakeSwizzle>::Output: cute::swizzle::SwizzleFn + Default,
{
    use cute::statics::report::Outcome;
    use cute::swizzle::MakeSwizzle;
    let runtime = Swizzle::make(Y::I64, Z::I64);
    match <<(Y, Z) as MakeSwizzle>::Verdict as Outcome>::KIND {
        None => {
            let made = cute::swizzle::SwizzleFn::swizzle_fn(&<(Y, Z) as MakeSwizzle>::Output::default());
            assert_eq!(runtime, Ok(made), "make_swizzle<{:#b}, {:#b}>", Y::I64, Z::I64);
            true
        }
        Some(kind) => {
            assert_eq!(kind, ErrorKind::InvalidSwizzle);
            assert_eq!(runtime, Err(SwizzleError::NotASwizzle { yyy: Y::I64, zzz: Z::I64 }));
            false
        }
    }
}

/// `static_make_is_the_runtime_one` for every pair of the listed masks, counting the swizzles.
macro_rules! every_mask_pair {
    ($($y:ty),*) => {{
        let mut made = 0;
        every_mask_pair!(@left made; [$($y),*]; $($y),*);
        made
    }};
    (@left $n:ident; $all:tt; $($y:ty),*) => {
        $(every_mask_pair!(@right $n; $y; $all);)*
    };
    (@right $n:ident; $y:ty; [$($z:ty),*]) => {
        $($n += static_make_is_the_runtime_one::<$y, $z>() as usize;)*
    };
}

#[test]
fn static_make_swizzle_reads_the_masks_as_the_runtime_one() {
    use cute::typenum::consts::*;
    // Runs of 1 to 3 bits at several places, masks of two runs, and the empty mask.
    let made =
        every_mask_pair!(U0, U1, U2, U3, U4, U5, U6, U7, U8, U10, U12, U14, U24, U48, U56, U96, U112, U160, U384, U896);
    assert!(made > 30 && made < 400, "{}", made);
}

/// The layout type's inverse of a swizzled layout (`Ok` as a dynamic one, or the error's kind)
/// against the dynamic engine's.
fn same_inverse(
    ours: Result<cute::dynamic::ComposedLayout, cute::mixed::Error>,
    engine: cute::dynamic::Result<ComposedLayout>,
    what: &str,
) -> bool {
    match (ours, engine) {
        (Ok(a), Ok(b)) => {
            assert_eq!((a.swizzle(), a.inner()), (b.swizzle(), b.inner()), "{}", what);
            true
        }
        (Err(a), Err(b)) => {
            assert_eq!(
                (a.kind(), b.kind()),
                (ErrorKind::InvalidSwizzle, ErrorKind::InvalidSwizzle),
                "{}: {} / {}",
                what,
                a,
                b
            );
            false
        }
        (a, b) => panic!("{}: {:?} / {:?}", what, a.map(|c| c.to_string()), b.map(|c| c.to_string())),
    }
}

#[test]
fn swizzled_layouts_of_the_layout_type_invert_as_the_dynamic_engine() {
    use cute::{layout, ComposedLayout as Composed};
    let mut inverted = 0;
    let mut refused = 0;
    let mut runtime_inverted = 0;
    for sw in swizzles().into_iter().filter(|sw| sw.base() + sw.shift().abs() + sw.bits() <= 8) {
        for offset in [0, 2] {
            // Each inner layout's type differs: one block per layout.
            macro_rules! both_inverses {
                ($($l:expr),*) => {$({
                    let c = Composed::new(sw, offset, $l).unwrap();
                    let what = format!("{}", c);
                    let right = c.right_inverse().map(|r| r.to_dynamic());
                    let left = c.left_inverse().map(|l| l.to_dynamic());
                    let ok = same_inverse(right, c.to_dynamic().right_inverse(), &what);
                    assert_eq!(ok, same_inverse(left, c.to_dynamic().left_inverse(), &what), "{}", what);
                    if ok {
                        inverted += 1;
                    } else {
                        refused += 1;
                    }
                })*};
            }
            both_inverses!(layout!((16,16):(16,1)), layout!((16,16):(1,16)), layout!((4,8,8):(64,1,8)));
            // A runtime leaf: the right inverse's route is the runtime one, where a runtime
            // stride ends CuTe's chain, so the inverse may be shorter than the engine's; it
            // is a right inverse wherever it exists.
            let runtime = Composed::new(sw, offset, layout!(({16},16):({16},1)).unwrap()).unwrap();
            if let Ok(r) = runtime.right_inverse() {
                assert!((0..r.size()).all(|i| runtime.call(r.call(i as usize) as usize) == i as isize), "{}", r);
                runtime_inverted += 1;
            }
        }
    }
    assert!(inverted > 100 && refused > 100 && runtime_inverted > 10, "{} {} {}", inverted, refused, runtime_inverted);
    // The conditions, named.
    let c = Composed::new(SW32, 0, layout!((2,2):(2,1))).unwrap();
    let e = c.right_inverse().unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid swizzle: right_inverse(Sw<1,4,3> o 0 o (_2,_2):(_2,_1)): the swizzle does not keep [0,4)"
    );
    let big = Composed::new(SW128, 0, layout!((1024,1024):(1024,1))).unwrap();
    let e = big.right_inverse().unwrap_err();
    assert_eq!(
        e.detail(),
        cute::mixed::Detail::SwizzleInverse(cute::mixed::SwizzleInverse::TooManyChecks { size: 1 << 20 })
    );
}

#[test]
fn composition_with_a_swizzle_on_the_left_is_the_swizzled_layout() {
    use cute::swizzle::{Sw, Sw128B};
    use cute::typenum::{P3, Z0};
    use cute::{composition, coord, layout, ComposedLayout};
    // CuTe's composition(Swizzle<3,4,3>{}, Layout<...>{}): static parts, no Result (the offset
    // is the one runtime value a composed layout holds).
    let smem = composition(Sw128B::new(), layout!((8,128):(128,1)));
    assert_eq!(smem.to_string(), "Sw<3,4,3> o 0 o (_8,_128):(_128,_1)");
    assert_eq!(core::mem::size_of_val(&smem), core::mem::size_of::<i64>());
    let made = ComposedLayout::new(Sw128B::new(), 0, layout!((8,128):(128,1))).unwrap();
    assert!((0..1024usize).all(|i| smem.call(i) == made.call(i)));
    assert_eq!(smem.call_coord(coord!((3, 80))), 3 * 128 + 16 * 6);
    // The identity swizzle gives the layout itself, as in CuTe.
    let plain = composition(Sw::<Z0, Z0, P3>::new(), layout!((8,128):(128,1)));
    assert_eq!(plain.to_string(), "(_8,_128):(_128,_1)");
    // A runtime swizzle, or a runtime leaf: a Result.
    let rt = composition(SW128, layout!((8,128):(128,1))).unwrap();
    assert_eq!(rt.to_string(), "Sw<3,4,3> o 0 o (_8,_128):(_128,_1)");
    let m = 8i64;
    let rows = composition(Sw128B::new(), layout!(({ m },128):(128,1)).unwrap()).unwrap();
    assert_eq!(rows.to_string(), "Sw<3,4,3> o 0 o (8,_128):(_128,_1)");
    assert!((0..1024usize).all(|i| rows.call(i) == made.call(i) && rt.call(i) == made.call(i)));
}
