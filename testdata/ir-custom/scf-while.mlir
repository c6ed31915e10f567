func.func @f(%a: f32, %c: i1) -> f32 {
  %r = scf.while (%x = %a) : (f32) -> f32 {
    scf.condition(%c) %x : f32
  } do {
  ^bb0(%y: f32):
    scf.yield %y : f32
  } attributes {foo}
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  %e = scf.execute_region -> f32 {
    scf.yield %a : f32
  }
  %e2:2 = scf.execute_region -> (f32, i1) {
    cf.br ^bb1
  ^bb1:
    scf.yield %a, %c : f32, i1
  } {x = 1}
  scf.execute_region {
    scf.yield
  }
  return %r : f32
}
