"""Build script: the Cython core only; all metadata lives in pyproject.toml.

Environment switches:
  IPPATSU_DEBUG=1    build with -O0 -g and Cython bounds checks (for gdb / sanitizers).
  IPPATSU_NO_SIMD=1  use the portable scalar kernels instead of SSE2 / NEON.

Each combination of switches builds under its own ``build/<mode>/`` folder (generated C
included), so switching one on or off never reuses objects built the other way, and no
generated ``_core.c`` lands in ``src/`` where it could go stale or slip into an sdist.
"""
import glob
import os
import sys

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_py import build_py as _build_py

DEBUG = os.environ.get("IPPATSU_DEBUG") == "1"
NO_SIMD = os.environ.get("IPPATSU_NO_SIMD") == "1"
MODE = "-".join(m for m, on in (("debug", DEBUG), ("nosimd", NO_SIMD)) if on) or "release"

if sys.platform == "win32":
    cflags = ["/Od", "/Zi"] if DEBUG else ["/O2"]
else:
    cflags = ["-O0", "-g"] if DEBUG else ["-O3", "-g0"]  # no debug info in release wheels
    cflags += ["-Wno-unreachable-code", "-Wno-unused-function"]

directives = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": False,
    "initializedcheck": DEBUG,
    "cdivision": True,
    "embedsignature": True,
}

extensions = [
    Extension(
        "ippatsu._core",
        ["src/ippatsu/_core.pyx"],
        include_dirs=["src/ippatsu"],  # the C headers sit beside the .pyx, not the generated .c
        # the headers (_generated.h: written by tools/gen_header.py from _codes.py and
        # yaku.py; tests/test_generated.py checks it is current) and the C API's .pxd
        depends=sorted(glob.glob("src/ippatsu/*.h")) + ["src/ippatsu/_core.pxd"]
        + sorted(glob.glob("src/ippatsu/*.pxi")),  # _score_edge.pxi: score()'s edge
        extra_compile_args=cflags,
        define_macros=[("IPT_NO_SIMD", "1")] if NO_SIMD else [],
    ),

]
# the table's state machine, its seats, agents and game loops: plain Python compiled as is
# (typed by state.pxd, seat.pxd, agents.pxd and loops.pxd), with Python's indexing semantics
# kept (negative indexes, IndexError); both run interpreted under IPPATSU_PURE_PYTHON=1
# (table/_source.py)
# (include_dirs: the C headers, for a module that cimports ippatsu._core: its _core.pxd
# declares the kernels' structs from them)
py_extensions = [
    Extension("ippatsu.table.seat", ["src/ippatsu/table/seat.py"], include_dirs=["src/ippatsu"],
              extra_compile_args=cflags),
    Extension("ippatsu.table.state", ["src/ippatsu/table/state.py"], include_dirs=["src/ippatsu"],
              extra_compile_args=cflags),
    Extension("ippatsu.table.agents", ["src/ippatsu/table/agents.py"],
              include_dirs=["src/ippatsu"], extra_compile_args=cflags),
    Extension("ippatsu.table.loops", ["src/ippatsu/table/loops.py"],
              include_dirs=["src/ippatsu"], extra_compile_args=cflags),
    Extension("ippatsu.table.actionspace", ["src/ippatsu/table/actionspace.py"],
              include_dirs=["src/ippatsu"], extra_compile_args=cflags),
    # the RL environments' loop, masks and planes (ippatsu.env; cimports GameState)
    Extension("ippatsu.env._vec", ["src/ippatsu/env/_vec.py"], include_dirs=["src/ippatsu"],
              extra_compile_args=cflags),
]
py_directives = {"language_level": 3, "embedsignature": True, "annotation_typing": False}

class build_py(_build_py):
    """The package, plus the user documentation (docs/*.md) as ``ippatsu/_docs/``: the
    pages that docstrings and ``--help`` cite are in every wheel (``ippatsu docs``)."""

    def run(self):
        super().run()
        target = os.path.join(self.build_lib, "ippatsu", "_docs")
        self.mkpath(target)
        for page in sorted(glob.glob("docs/*.md")):
            self.copy_file(page, os.path.join(target, os.path.basename(page)))


# pip shows a build's output only with -v (or when it fails): say what the minutes go to
print("ippatsu: compiling the Cython core (_core and the table's state machine and agents): "
      "a few minutes; `pip install -v .` shows each step", file=sys.stderr, flush=True)
setup(
    ext_modules=cythonize(
        extensions, compiler_directives=directives, build_dir=f"build/{MODE}/cython"
    ) + cythonize(
        py_extensions, compiler_directives=py_directives, build_dir=f"build/{MODE}/cython"
    ),
    options={"build": {"build_base": f"build/{MODE}"}},
    cmdclass={"build_py": build_py},
)
