"""pytest-lsp fixtures: the real `irkit lsp` binary behind a real LSP client.

The binary is $IRKIT_BIN (set by `cargo xtask lsp-test`), else the
workspace's target/release/irkit, else target/debug/irkit. Each test runs
twice: with the client capabilities Visual Studio Code and Neovim send.
"""

import os
import pathlib

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

ROOT = pathlib.Path(__file__).resolve().parents[3]
FIXTURES = pathlib.Path(__file__).resolve().parent / "fixtures"


def irkit_bin() -> str:
    env = os.environ.get("IRKIT_BIN")
    if env:
        return env
    for kind in ("release", "debug"):
        p = ROOT / "target" / kind / "irkit"
        if p.exists():
            return str(p)
    raise RuntimeError("build irkit first (cargo build -p irkit-cli)")


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[irkit_bin(), "lsp", "--stdio"]),
    params=["visual-studio-code", "neovim"],
)
async def client(lsp_client: LanguageClient, request):
    params = types.InitializeParams(
        capabilities=client_capabilities(request.param),
        workspace_folders=[types.WorkspaceFolder(uri=FIXTURES.as_uri(), name="fixtures")],
    )
    await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()
