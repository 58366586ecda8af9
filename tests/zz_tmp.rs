use cute::*;
#[test]
fn t() {
    let id = make_identity_layout(shape!((8, 8)));
    let a = logical_divide(id, layout!(4:1));
    println!("{:?}", a.map(|l| l.to_string()));
}
