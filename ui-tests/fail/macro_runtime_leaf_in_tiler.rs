// A tiler's runtime leaf is `{expr}` in a value and `{}` in a type, not the other way round.
fn main() {
    let m = 8i64;
    let _ = cute::tiler!(<4,{}>);
    let _: cute::Tiler![<(8,{m}):(1,8)>];
}
