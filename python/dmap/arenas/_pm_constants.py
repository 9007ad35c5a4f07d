"""pommerman.constants of the playground namespace (dmap.arenas.playground): the playground's
constants.py as values. Item is a plain Enum as there (so `board[pos] == Item.Bomb` is False,
as in the playground, while `board[pos] == Item.Bomb.value` is the test that works); Action,
GameType and Result are dmap.arenas.pommerman's classes, so that the environment's info["result"]
and the game type init_agent gets are members of the classes an agent compares them with."""
from __future__ import annotations

import enum

from .pommerman import Action, GameType, Result

__all__ = ["Item", "Action", "GameType", "Result", "InvalidAction"]

RENDER_FPS = 15
BOARD_SIZE = 11
NUM_RIGID = 36
NUM_WOOD = 36
NUM_ITEMS = 20
BOARD_SIZE_ONE_VS_ONE = 8
NUM_RIGID_ONE_VS_ONE = 16
NUM_WOOD_ONE_VS_ONE = 16
NUM_ITEMS_ONE_VS_ONE = 10
AGENT_VIEW_SIZE = 4
HUMAN_FACTOR = 32
DEFAULT_BLAST_STRENGTH = 2
DEFAULT_BOMB_LIFE = 9
AGENT_COLORS = [[231, 76, 60], [46, 139, 87], [65, 105, 225], [238, 130, 238]]
ITEM_COLORS = [[240, 248, 255], [128, 128, 128], [210, 180, 140], [255, 153, 51], [241, 196, 15],
               [141, 137, 124], (153, 153, 255), (153, 204, 204), (97, 169, 169), (48, 117, 117)]
FIRST_COLLAPSE = 500
MAX_STEPS = 800
RADIO_VOCAB_SIZE = 8
RADIO_NUM_WORDS = 2
BORDER_SIZE = 20
MARGIN_SIZE = 10
TILE_SIZE = 50
BACKGROUND_COLOR = (41, 39, 51, 255)
TILE_COLOR = (248, 221, 82, 255)
TEXT_COLOR = (170, 170, 170, 255)


class Item(enum.Enum):
    """The board's values (a plain Enum, as the playground's)."""
    Passage = 0
    Rigid = 1
    Wood = 2
    Bomb = 3
    Flames = 4
    Fog = 5
    ExtraBomb = 6
    IncrRange = 7
    Kick = 8
    AgentDummy = 9
    Agent0 = 10
    Agent1 = 11
    Agent2 = 12
    Agent3 = 13


class InvalidAction(Exception):
    """A direction or a move that is none of the game's."""
