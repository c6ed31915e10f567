"""`.td` features of `irkit lsp` through a real client.

Expected records are those llvm-tblgen-19 --print-records prints (the test
on LLVM's Intrinsics.td runs llvm-tblgen-19 itself); locations agree with
tblgen-lsp-server-22 where that server answers.
"""

import pathlib
import shutil
import subprocess

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import FIXTURES


async def open_file(client: LanguageClient, path: pathlib.Path, text: str | None = None) -> str:
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id="tablegen", version=1, text=text if text is not None else path.read_text()
            )
        )
    )
    # The server answers in order: once this answer is in, so are the
    # diagnostics of the open.
    await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    return uri


def pos(uri: str, line: int, col: int) -> dict:
    return dict(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=col))


def loc_str(loc) -> str:
    return f"{loc.uri.rsplit('/', 1)[-1]}:{loc.range.start.line}:{loc.range.start.character}-{loc.range.end.character}"


async def test_hover_shows_the_resolved_record(client: LanguageClient):
    uri = await open_file(client, FIXTURES / "main.td")
    assert list(client.diagnostics[uri]) == []
    hover = await client.text_document_hover_async(types.HoverParams(**pos(uri, 4, 4)))
    assert hover.contents.value == (
        "```tablegen\ndef P {\t// Base Pair\n  int size = 3;\n  list<int> l = [3];\n  int twice = 6;\n}\n```"
    )
    hover = await client.text_document_hover_async(types.HoverParams(**pos(uri, 9, 5)))
    assert "def Q_x {\t// Base\n" in hover.contents.value
    assert "def Q_y {\t// Base Pair\n" in hover.contents.value


async def test_definition_references_symbols_links(client: LanguageClient):
    uri = await open_file(client, FIXTURES / "main.td")
    defs = await client.text_document_definition_async(types.DefinitionParams(**pos(uri, 1, 20)))
    assert [loc_str(d) for d in defs] == ["base.td:0:6-10"]
    refs = await client.text_document_references_async(
        types.ReferenceParams(**pos(uri, 1, 20), context=types.ReferenceContext(include_declaration=True))
    )
    assert [loc_str(r) for r in refs] == ["base.td:0:6-10", "main.td:1:20-24", "main.td:6:11-15"]
    # A template argument, scoped to its class (as tblgen-lsp-server-22).
    refs = await client.text_document_references_async(
        types.ReferenceParams(**pos(uri, 2, 19), context=types.ReferenceContext(include_declaration=True))
    )
    assert [loc_str(r) for r in refs] == ["main.td:1:15-16", "main.td:1:25-26", "main.td:2:19-20"]
    syms = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert [s.name for s in syms] == ["Pair", "P", "M", "Q"]
    assert [c.name for c in syms[2].children] == ["_x", "_y"]
    links = await client.text_document_document_link_async(
        types.DocumentLinkParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert [l.target for l in links] == [(FIXTURES / "base.td").as_uri()]


async def test_completion(client: LanguageClient):
    path = FIXTURES / "main.td"
    uri = await open_file(client, path, path.read_text() + "def R { int x = !fo")
    items = await client.text_document_completion_async(types.CompletionParams(**pos(uri, 10, 21)))
    labels = [i.label for i in (items.items if hasattr(items, "items") else items)]
    assert "foldl" in labels and "foreach" in labels
    items = await client.text_document_completion_async(types.CompletionParams(**pos(uri, 4, 9)))
    labels = [i.label for i in (items.items if hasattr(items, "items") else items)]
    assert "Pair" in labels and "Base" in labels


async def test_errors_in_included_files_and_recovery(client: LanguageClient, tmp_path: pathlib.Path):
    # llvm-tblgen-19: `errbase.td:4:9: error: Couldn't find class 'Nope'`.
    (tmp_path / "errbase.td").write_text("class Base<int n> {\n  int size = n;\n}\ndef X : Nope;\n")
    main = tmp_path / "main.td"
    main.write_text('// main\ninclude "errbase.td"\ndef P : Base<1>;\n')
    uri = await open_file(client, main)
    inc = (tmp_path / "errbase.td").as_uri()
    assert [(d.range.start.line, d.range.start.character, d.message) for d in client.diagnostics[inc]] == [
        (3, 8, "Couldn't find class 'Nope'")
    ]
    assert [d.message for d in client.diagnostics[uri]] == ["in included file: Couldn't find class 'Nope'"]
    # Requests on a file with errors still answer.
    defs = await client.text_document_definition_async(types.DefinitionParams(**pos(uri, 2, 9)))
    assert [loc_str(d) for d in defs] == ["errbase.td:0:6-10"]


LLVM19_INC = pathlib.Path("/usr/lib/llvm-19/include")


@pytest.mark.skipif(
    not (LLVM19_INC / "llvm/IR/Intrinsics.td").exists() or shutil.which("llvm-tblgen-19") is None,
    reason="needs LLVM 19's Intrinsics.td and llvm-tblgen-19",
)
async def test_intrinsics_hover_matches_llvm_tblgen(client: LanguageClient):
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"irkit": {"includeDirs": [str(LLVM19_INC)]}})
    )
    path = LLVM19_INC / "llvm/IR/Intrinsics.td"
    uri = await open_file(client, path)
    assert list(client.diagnostics[uri]) == []
    text = path.read_text()
    line_no = next(i for i, l in enumerate(text.splitlines()) if l.startswith("def int_trap "))
    hover = await client.text_document_hover_async(types.HoverParams(**pos(uri, line_no, 5)))
    out = subprocess.run(
        ["llvm-tblgen-19", "--print-records", str(path), "-I", str(LLVM19_INC)],
        capture_output=True, text=True, check=True,
    ).stdout
    start = out.index("def int_trap {")
    block = out[start:out.index("\n}\n", start) + 2]
    assert hover.contents.value == f"```tablegen\n{block}\n```"


async def test_field_provenance_and_let_definition(client: LanguageClient):
    uri = await open_file(client, FIXTURES / "fields.td")
    assert list(client.diagnostics[uri]) == []
    # `irkit tblgen --explain R.size`; the value 8 is llvm-tblgen-22's.
    hover = await client.text_document_hover_async(types.HoverParams(**pos(uri, 3, 7)))
    lines = hover.contents.value.splitlines()
    assert lines[1] == "R.size: int = 8"
    assert "base.td:2:7" in lines[2] and "declared Base:n = 4" in lines[2]
    assert "fields.td:4:7" in lines[3] and "replaced by 8" in lines[3]
    # The `let` goes to the field's declaration.
    defs = await client.text_document_definition_async(types.DefinitionParams(**pos(uri, 3, 7)))
    assert [loc_str(d) for d in defs] == ["base.td:1:6-10"]


async def test_rename_and_instances(client: LanguageClient):
    uri = await open_file(client, FIXTURES / "main.td")
    edit = await client.text_document_rename_async(types.RenameParams(**pos(uri, 1, 21), new_name="Basis"))
    got = sorted(
        f"{u.rsplit('/', 1)[-1]}:{e.range.start.line}:{e.range.start.character}"
        for u, edits in edit.changes.items()
        for e in edits
    )
    assert got == ["base.td:0:6", "main.td:1:20", "main.td:6:11"]
    # llvm-tblgen-22 --print-enums --class=Base: P, Q_x, Q_y.
    res = await client.protocol.send_request_async(
        "irkit/instances", types.TextDocumentPositionParams(**pos(uri, 1, 21))
    )
    assert [r["name"] if isinstance(r, dict) else r.name for r in res] == ["P", "Q_x", "Q_y"]


async def test_unsaved_included_file_reaches_its_includer(client: LanguageClient, tmp_path: pathlib.Path):
    base = FIXTURES / "base.td"
    (tmp_path / "base.td").write_text(base.read_text())
    s = tmp_path / "s.td"
    s.write_text('include "base.td"\ndef S : Base<1>;\n')
    uri = await open_file(client, s)
    inc = await open_file(client, tmp_path / "base.td")
    edited = base.read_text().replace("  list<int> l = [n];\n", "  list<int> l = [n];\n  int extra = 7;\n")
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=inc, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=edited)],
        )
    )
    # llvm-tblgen-22 on s.td with that text saved.
    hover = await client.text_document_hover_async(types.HoverParams(**pos(uri, 1, 4)))
    assert hover.contents.value == (
        "```tablegen\ndef S {\t// Base\n  int size = 1;\n  list<int> l = [1];\n  int extra = 7;\n}\n```"
    )


LLVM22_INC = pathlib.Path("/usr/lib/llvm-22/include")


@pytest.mark.skipif(
    not (LLVM22_INC / "llvm/IR/IntrinsicsX86.td").exists() or shutil.which("llvm-tblgen-22") is None,
    reason="needs LLVM 22's Intrinsics.td and llvm-tblgen-22",
)
async def test_only_included_file_is_analysed_in_its_includers_context(client: LanguageClient):
    # IntrinsicsX86.td alone does not know `Intrinsic` (llvm-tblgen-22 and
    # tblgen-lsp-server-22 report errors); Intrinsics.td beside it includes it.
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"irkit": {"includeDirs": [str(LLVM22_INC)]}})
    )
    path = LLVM22_INC / "llvm/IR/IntrinsicsX86.td"
    uri = await open_file(client, path)
    assert list(client.diagnostics[uri]) == []
    text = path.read_text()
    line_no = next(i for i, l in enumerate(text.splitlines()) if l.startswith("  def int_x86_int "))
    hover = await client.text_document_hover_async(types.HoverParams(**pos(uri, line_no, 7)))
    out = subprocess.run(
        ["llvm-tblgen-22", "--print-records", str(LLVM22_INC / "llvm/IR/Intrinsics.td"), "-I", str(LLVM22_INC)],
        capture_output=True, text=True, check=True,
    ).stdout
    start = out.index("def int_x86_int {")
    block = out[start:out.index("\n}\n", start) + 2]
    assert hover.contents.value == f"```tablegen\n{block}\n```"


async def test_diagnostics_after_edits_equal_a_fresh_open(client: LanguageClient, tmp_path: pathlib.Path):
    # The server re-parses an edited file from a checkpoint when it can:
    # after each edit, its diagnostics and hover must be those of the same
    # text opened afresh (under another name, so nothing is reused).
    (tmp_path / "base.td").write_text((FIXTURES / "base.td").read_text())
    text = (FIXTURES / "main.td").read_text()
    edited = tmp_path / "edited.td"
    edited.write_text(text)
    uri = await open_file(client, edited)

    def diags(u: str):
        return [(d.range.start.line, d.range.start.character, d.severity, d.message) for d in client.diagnostics.get(u, [])]

    mid = text.index("\ndef ") + 1
    edits = [
        text + "def Appended : Base<5>;\n",
        text + "def Appended : Base<6>;\n",
        text[:mid] + "def Mid : Base<2>;\n" + text[mid:],
        text[:mid] + "def Mid : Base<3>;\n" + text[mid:],
        text[:mid] + "def Mid : Nope<3>;\n" + text[mid:],
        text[:mid] + "def Mid : Base<4>;\n" + text[mid:] + "def Last : Base<1>;\n",
        text + "def P : Base<1>;\n",
        text,
    ]
    with_errors = 0
    for k, new in enumerate(edits):
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=k + 2),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=new)],
            )
        )
        fresh = tmp_path / f"fresh{k}.td"
        fresh.write_text(new)
        furi = await open_file(client, fresh, new)
        assert diags(uri) == diags(furi), f"edit {k}"
        if any(d[2] == types.DiagnosticSeverity.Error for d in diags(furi)):
            # A text with errors: hover answers from the last good records,
            # which a fresh open does not have.
            with_errors += 1
            continue
        line = new.count("\n", 0, new.index("def P"))
        h1 = await client.text_document_hover_async(types.HoverParams(**pos(uri, line, 4)))
        h2 = await client.text_document_hover_async(types.HoverParams(**pos(furi, line, 4)))
        assert (h1 and h1.contents.value) == (h2 and h2.contents.value), f"edit {k}"
    assert with_errors == 2
