"""dmap._arenas — the arenas' engines (C extension); typed loosely: the Python modules of
dmap.arenas wrap it with precise types."""
from typing import Any

def __getattr__(name: str) -> Any: ...
