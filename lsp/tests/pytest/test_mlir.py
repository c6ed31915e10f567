"""`.mlir` features of `irkit lsp` through a real client. Messages, ranges
and locations agree with mlir-opt-19 and mlir-lsp-server-22 on the same files."""

from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import FIXTURES


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
