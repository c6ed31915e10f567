// Included by preprocessor.td, twice: the guard skips the second copy.
#ifndef COMMON_TD
#define COMMON_TD
class Common<int v> { int Value = v; }
def FromInclude : Common<0>;
#endif // COMMON_TD
