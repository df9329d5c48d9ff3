"""The Ray backend for real: a local Ray runtime (ray.init(num_cpus=2)) must give every
study the answer of the local process pool, bit for bit. `.ci/run` installs Ray (the test
extra), so this runs in CI; it skips only where Ray has no wheel."""
from __future__ import annotations

import pytest

from ippatsu import core, study
from ippatsu.study._position import EXAMPLE

ray = pytest.importorskip("ray")
AGENTS = ["greedy", "random", "random", "random"] if core.BACKEND != "python" else ["random"] * 4


@pytest.fixture(scope="module")
def runtime():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             configure_logging=False)
    yield
    ray.shutdown()


def both(fn, *args, **kw):
    local = fn(*args, backend="local", workers=2, progress=False, **kw)
    on_ray = fn(*args, backend="ray", progress=False, **kw)
    assert on_ray.info.backend == "ray"
    return local.acc, on_ray.acc


def test_match_on_ray(runtime):
    a, b = both(study.match, AGENTS, games=16, seed=11, chunk_size=1)
    assert a == b


def test_solo_on_ray(runtime):
    a, b = both(study.solo, "23m456p78s34567s1z", draws=6, n=5_000, seed=2, chunk_size=700,
                policy="shanten")
    assert a == b


def test_position_on_ray(runtime):
    a, b = both(study.position, EXAMPLE, ["9s", "riichi 9s"], n=20, seed=3, chunk_size=5,
                agents=AGENTS[1])
    assert a == b


def test_dataset_build_on_ray(runtime, tmp_path):
    """ippatsu.dataset.build on Ray writes the rows of a serial build."""
    import numpy as np

    from conftest import SHARED_DATA
    from ippatsu import dataset

    src = SHARED_DATA / "tenhou" / "mjlog" / "jim137"
    if not src.is_dir():
        pytest.skip(f"shared data not available: {src}")
    m = dataset.build([str(src)], tmp_path / "r", backend="ray", chunk_files=1,
                      progress=False)
    assert m["backend"] == "ray" and m["sources_ok"] == 4
    dataset.build([str(src)], tmp_path / "s", backend="serial", chunk_files=1,
                  progress=False)
    a, b = (next(dataset.load(tmp_path / d, shuffle=False, raw=True, batch_size=1 << 20))
            for d in ("r", "s"))
    assert all(np.array_equal(a[k], b[k]) for k in a)
