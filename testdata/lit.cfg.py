# Configuration for running irkit's testdata/ under LLVM's own lit (PyPI):
#
#   lit -sv testdata --param irkit=/path/to/irkit
#
# (or set IRKIT=/path/to/irkit). `cargo xtask lit-compat` does this with a
# freshly built binary. `irkit`/`%irkit` become that binary, `FileCheck`
# becomes FileCheck-19 and `not` becomes LLVM 19's `not`, so every test here is
# an ordinary LLVM-style test and our checker is held to FileCheck's rules.
# Under `cargo test` and `irkit lit` the same files run on irkit's own runner.

import os
import shutil
import tempfile

import lit.formats

config.name = "irkit"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".td", ".mlir", ".test", ".ll", ".c"]
# ir-custom/ holds inputs of `cargo xtask ir-compat --custom`, not tests.
config.excludes = ["Inputs", "lit.cfg.py", "ir-custom"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = lit_config.params.get(
    "exec_root", os.path.join(tempfile.gettempdir(), "irkit-lit-compat")
)
config.available_features.add("irkit")

irkit = lit_config.params.get("irkit") or os.environ.get("IRKIT")
if not irkit:
    lit_config.fatal("pass --param irkit=PATH (or set IRKIT) to the irkit binary")
irkit = os.path.abspath(irkit)


def find_llvm19(name):
    for cand in (name + "-19", name):
        path = shutil.which(cand)
        if path:
            return path
    path = os.path.join("/usr/lib/llvm-19/bin", name)
    if os.path.isfile(path):
        return path
    lit_config.fatal("cannot find %s (LLVM 19)" % name)


# A tool name counts only as a whole word that is not part of a path.
def tool(name):
    return r"(?<![\w/.-])" + name + r"(?![\w/.-])"


config.substitutions.append(("%irkit", irkit))
config.substitutions.append((tool("irkit"), irkit))
config.substitutions.append((tool("FileCheck"), find_llvm19("FileCheck")))
# `not` only where a command starts, so the word stays usable in arguments.
config.substitutions.append(
    (
        r"(?:^|(?<=\|)|(?<=\| )|(?<=;)|(?<=; )|(?<=&&)|(?<=&& )|(?<=\|\|)|(?<=\|\| )|(?<=not ))not(?= )",
        find_llvm19("not"),
    )
)
