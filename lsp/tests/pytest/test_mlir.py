"""`.mlir` features of `irkit lsp` through a real client. Messages, ranges
and locations agree with mlir-opt-19 and mlir-lsp-server-22 on the same files."""

import os
import subprocess

from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import FIXTURES, irkit_bin


async def open_file(client: LanguageClient, name: str) -> str:
    path = FIXTURES / name
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="mlir", version=1, text=path.read_text())
        )
    )
    # The server answers in order: once this answer is in, so are the
    # diagnostics of the open.
    await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    return uri


def pos(uri, line, col):
    return dict(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=col))


async def test_diagnostics_with_notes(client: LanguageClient):
    uri = await open_file(client, "bad.mlir")
    [d] = client.diagnostics[uri]
    assert d.message == "operand #0 does not dominate this use"
    assert (d.range.start.line, d.range.start.character, d.range.end.character) == (5, 4, 17)
    assert [r.message for r in d.related_information] == [
        'see current operation: "func.return"(%0) : (i32) -> ()',
        "operand defined here (op in the same region)",
    ]
    assert d.related_information[1].location.range.start == types.Position(line=7, character=9)


async def test_navigation_and_hover(client: LanguageClient):
    uri = await open_file(client, "ok.mlir")
    assert list(client.diagnostics[uri]) == []
    [d] = await client.text_document_definition_async(types.DefinitionParams(**pos(uri, 6, 19)))
    assert (d.range.start.line, d.range.start.character, d.range.end.character) == (5, 7, 9)
    refs = await client.text_document_references_async(
        types.ReferenceParams(**pos(uri, 3, 5), context=types.ReferenceContext(include_declaration=True))
    )
    assert [(r.range.start.line, r.range.start.character) for r in refs] == [(3, 4), (4, 12)]
    hover = await client.text_document_hover_async(types.HoverParams(**pos(uri, 3, 24)))
    assert hover.contents.value == "```mlir\n%arg0: i32\n```\nblock argument #0"


async def test_symbols_rename_and_completion(client: LanguageClient):
    uri = await open_file(client, "syms.mlir")
    assert list(client.diagnostics[uri]) == []
    # References of @callee as mlir-lsp-server-22 gives them; the
    # definition is the symbol's name at its op (mlir-lsp-server-22: the
    # op's name).
    refs = await client.text_document_references_async(
        types.ReferenceParams(**pos(uri, 4, 13), context=types.ReferenceContext(include_declaration=True))
    )
    assert [(r.range.start.line, r.range.start.character, r.range.end.character) for r in refs] == [
        (0, 10, 17),
        (4, 12, 19),
    ]
    [d] = await client.text_document_definition_async(types.DefinitionParams(**pos(uri, 4, 13)))
    assert (d.range.start.line, d.range.start.character, d.range.end.character) == (0, 10, 17)
    # Rename %x: mlir-lsp-server-22's references of %x.
    edit = await client.text_document_rename_async(types.RenameParams(**pos(uri, 3, 19), new_name="%y"))
    assert sorted((e.range.start.line, e.range.start.character, e.new_text) for e in edit.changes[uri]) == [
        (3, 18, "%y"),
        (4, 20, "%y"),
    ]
    items = await client.text_document_completion_async(types.CompletionParams(**pos(uri, 5, 2)))
    labels = [i.label for i in (items.items if hasattr(items, "items") else items)]
    assert "func.func" in labels and "arith.addi" in labels
    items = await client.text_document_completion_async(types.CompletionParams(**pos(uri, 4, 13)))
    labels = [i.label for i in (items.items if hasattr(items, "items") else items)]
    assert labels == ["callee", "caller"]


async def test_function_hover_shows_its_abi(client: LanguageClient):
    uri = await open_file(client, "abi.mlir")
    assert list(client.diagnostics[uri]) == []
    hover = await client.text_document_hover_async(types.HoverParams(**pos(uri, 1, 4)))
    # The table `irkit abi` prints for the module's target (its declare
    # line is clang-22's for `long f(int, double)`, without attributes).
    out = subprocess.run(
        [os.environ.get("IRKIT_BIN", irkit_bin()), "abi", "--triple", "x86_64-unknown-linux-gnu", str(FIXTURES / "abi.mlir")],
        capture_output=True, text=True, check=True,
    ).stdout
    assert f"ABI on x86_64-unknown-linux-gnu:\n```\n{out.rstrip()}\n```" in hover.contents.value
    assert "declare i64 @f(i32, double)" in out
