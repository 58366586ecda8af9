// In a type, a runtime leaf is written `{}` (an i64); its value belongs to `layout!`.
type Col = cute::Layout![(4,{8}):(1,4)];

fn main() {
    let _: Option<Col> = None;
}
