// Includes IncBase.td, which lives in a directory given with -I.
include "IncBase.td"

def Inc_WidgetOp : Inc_Op<"widget"> {
  let results = (outs I32:$out);
}
