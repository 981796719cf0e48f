"""The rulebook corpus: the manifest and line-addressed access to each text."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from .normalize import is_content_line, verbatim_key
from .yamlio import YamlError, load_yaml, strip_lines

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = REPO_ROOT / "corpus"
GAME_IDS = ("tekhenu", "tekhenu-time-of-set", "through-the-ages", "imhotep")


@dataclass
class CorpusFile:
    name: str          # file name inside corpus/, e.g. "tekhenu.en.txt"
    game: str
    lang: str
    edition: str
    path: Path

    @cached_property
    def lines(self) -> list[str]:
        # keepends=False and no stripping: line numbers must match `sed -n Np`.
        return self.path.read_text(encoding="utf-8").split("\n")

    def __len__(self) -> int:
        n = len(self.lines)
        return n - 1 if n and self.lines[-1] == "" else n

    def line(self, number: int) -> str:
        return self.lines[number - 1]

    def span_text(self, first: int, last: int) -> str:
        return "\n".join(self.lines[first - 1:last])

    @cached_property
    def content_lines(self) -> list[int]:
        return [i + 1 for i, text in enumerate(self.lines[: len(self)]) if is_content_line(text)]

    @cached_property
    def line_keys(self) -> list[str]:
        return [verbatim_key(text) for text in self.lines]


@dataclass
class GameInfo:
    id: str
    title: dict
    base_game: str | None
    files: list[CorpusFile] = field(default_factory=list)

    def file(self, lang: str) -> CorpusFile | None:
        return next((f for f in self.files if f.lang == lang), None)


@dataclass
class Corpus:
    root: Path
    games: dict[str, GameInfo]

    @cached_property
    def files(self) -> dict[str, CorpusFile]:
        return {f.name: f for g in self.games.values() for f in g.files}


def load_corpus(root: Path | str = DEFAULT_CORPUS) -> Corpus:
    root = Path(root)
    manifest_path = root / "manifest.yaml"
    raw = strip_lines(load_yaml(manifest_path))
    if not isinstance(raw, dict) or not isinstance(raw.get("games"), list):
        raise YamlError(manifest_path, 1, "expected a mapping with a 'games' list")
    games: dict[str, GameInfo] = {}
    for entry in raw["games"]:
        info = GameInfo(id=entry["id"], title=entry.get("title", {}), base_game=entry.get("base_game"))
        for ed in entry.get("editions", []):
            info.files.append(CorpusFile(name=ed["file"], game=info.id, lang=ed["lang"],
                                         edition=ed.get("edition", ""), path=root / ed["file"]))
        games[info.id] = info
    return Corpus(root=root, games=games)
