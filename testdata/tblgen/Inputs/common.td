// Included by preprocessor.td.
class Common<int v> { int Value = v; }
def FromInclude : Common<0>;
