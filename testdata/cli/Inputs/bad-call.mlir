// A token passed to a call: one error, with a note at its producer
// (../rich-diagnostics.test).
"test.func"() <{function_type = () -> (), sym_name = "f"}> ({
  %t = "test.make_token"() : () -> token
  "test.call"(%t) <{callee = @g}> : (token) -> ()
  "test.return"() : () -> ()
}) : () -> ()
