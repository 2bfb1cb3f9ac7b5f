# Stubs of the compiled module trumpf._core (a stub package, one file per
# submodule, as the extension has one submodule per game family).
from . import durak as durak
from . import players as players
from . import rl as rl
from . import schnapsen as schnapsen
from . import sim as sim
from . import tables as tables

def sha256(data: bytes, hardware: bool = True) -> bytes: ...
def sha256_uses_hardware() -> bool: ...
