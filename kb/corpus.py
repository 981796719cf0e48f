"""The rulebook corpus: the manifest and line-addressed access to each text."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from .fileio import read_text
from .normalize import is_content_line, verbatim_key
from .yamlio import LINE_KEY, YamlError, load_yaml

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
        """The file's lines (kb.fileio.FileReadError when it cannot be read as UTF-8 text)."""
        # keepends=False and no stripping: line numbers must match `sed -n Np`.
        return read_text(self.path).split("\n")

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
    """The corpus manifest (the texts are read when first used). YamlError, naming manifest.yaml and
    the line, for a manifest that is missing or not in the expected shape."""
    root = Path(root)
    manifest_path = root / "manifest.yaml"
    if not root.is_dir():
        raise YamlError(root, None, "the corpus folder " + ("is not a folder" if root.exists() else "does not exist"))
    raw = load_yaml(manifest_path)
    if not isinstance(raw, dict) or not isinstance(raw.get("games"), list):
        raise YamlError(manifest_path, 1, "expected a mapping with a 'games' list")
    games: dict[str, GameInfo] = {}
    for entry in raw["games"]:
        line = entry.get(LINE_KEY) if isinstance(entry, dict) else None
        editions = entry.get("editions", []) if isinstance(entry, dict) else None
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str) or not isinstance(editions, list):
            raise YamlError(manifest_path, line, "each game needs an id and a list of editions")
        title = entry.get("title") or {}
        info = GameInfo(id=entry["id"], title={k: v for k, v in title.items() if k != LINE_KEY}
                        if isinstance(title, dict) else {}, base_game=entry.get("base_game"))
        for ed in editions:
            if not (isinstance(ed, dict) and isinstance(ed.get("file"), str) and ed.get("lang") in ("ko", "en")
                    and "/" not in ed["file"] and ed["file"].endswith(".txt")):
                raise YamlError(manifest_path, ed.get(LINE_KEY, line) if isinstance(ed, dict) else line,
                                "each edition needs a file (name.txt in this folder) and a lang (ko or en)")
            info.files.append(CorpusFile(name=ed["file"], game=info.id, lang=ed["lang"],
                                         edition=str(ed.get("edition", "")), path=root / ed["file"]))
        games[info.id] = info
    for info in games.values():
        if info.base_game is not None and info.base_game not in games:
            raise YamlError(manifest_path, None, f"{info.id}: base game {info.base_game!r} is not in the manifest")
    return Corpus(root=root, games=games)
