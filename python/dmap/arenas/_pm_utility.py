"""pommerman.utility of the playground namespace (dmap.arenas.playground): the helpers agents
written for the playground call (positions on the board, directions, the JSON encoder) and
join_json_state, which merges the per-step JSON files of env.save_json into game_state.json as
run_battle does (the steps in file-name order)."""
from __future__ import annotations

import json
import os
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

import numpy as np

from . import _pm_constants as constants

_POWERUPS = (constants.Item.ExtraBomb.value, constants.Item.IncrRange.value, constants.Item.Kick.value)
_AGENTS = tuple(range(constants.Item.Agent0.value, constants.Item.Agent3.value + 1))


class PommermanJSONEncoder(json.JSONEncoder):
    """JSON of the game's objects: arrays as lists, enum members as their values, numpy ints as
    ints, objects with to_json() as what it returns, action spaces as their sizes."""

    def default(self, obj: Any) -> Any:
        if isinstance(obj, np.ndarray):
            return obj.tolist()
        if isinstance(obj, (constants.Item, constants.Action, constants.GameType)):
            return obj.value
        if isinstance(obj, np.integer):
            return int(obj)
        if hasattr(obj, "to_json"):
            return obj.to_json()
        spaces = getattr(obj, "spaces", None)
        if spaces is not None:
            return [s.n for s in spaces]
        if hasattr(obj, "n"):
            return obj.n
        return json.JSONEncoder.default(self, obj)


def _action(direction: Any) -> Any:
    return constants.Action(direction)


def is_valid_direction(board: Any, position: Tuple[int, int], direction: Any,
                       invalid_values: Optional[Sequence[int]] = None) -> bool:
    """Whether a step in direction stays on the board and out of invalid_values (by default
    rigid and wood walls); Stop is always valid."""
    row, col = position
    if invalid_values is None:
        invalid_values = [constants.Item.Rigid.value, constants.Item.Wood.value]
    a = _action(direction)
    if a == constants.Action.Stop:
        return True
    if a == constants.Action.Up:
        return row - 1 >= 0 and board[row - 1][col] not in invalid_values
    if a == constants.Action.Down:
        return row + 1 < len(board) and board[row + 1][col] not in invalid_values
    if a == constants.Action.Left:
        return col - 1 >= 0 and board[row][col - 1] not in invalid_values
    if a == constants.Action.Right:
        return col + 1 < len(board[0]) and board[row][col + 1] not in invalid_values
    raise constants.InvalidAction("We did not receive a valid direction: ", direction)


def _position_is_item(board: Any, position: Any, item: Any) -> bool:
    return bool(board[position] == item.value)


def position_is_flames(board: Any, position: Any) -> bool:
    return _position_is_item(board, position, constants.Item.Flames)


def position_is_bomb(bombs: Iterable[Any], position: Any) -> bool:
    """Whether a bomb of the list (objects with .position) lies there: the board can hide a bomb
    under an agent."""
    return any(position == b.position for b in bombs)


def position_is_powerup(board: Any, position: Any) -> bool:
    return board[position] in _POWERUPS


def position_is_wall(board: Any, position: Any) -> bool:
    return position_is_rigid(board, position) or position_is_wood(board, position)


def position_is_passage(board: Any, position: Any) -> bool:
    return _position_is_item(board, position, constants.Item.Passage)


def position_is_rigid(board: Any, position: Any) -> bool:
    return _position_is_item(board, position, constants.Item.Rigid)


def position_is_wood(board: Any, position: Any) -> bool:
    return _position_is_item(board, position, constants.Item.Wood)


def position_is_agent(board: Any, position: Any) -> bool:
    return board[position] in _AGENTS


def position_is_enemy(board: Any, position: Any, enemies: Sequence[Any]) -> bool:
    return constants.Item(board[position]) in enemies


def position_is_passable(board: Any, position: Any, enemies: Sequence[Any]) -> bool:
    """An agent, a power-up or a passage, and not an enemy (the playground's rule: a teammate
    counts as passable)."""
    open_cell = (position_is_agent(board, position) or position_is_powerup(board, position)
                 or position_is_passage(board, position))
    return open_cell and not position_is_enemy(board, position, enemies)


def position_is_fog(board: Any, position: Any) -> bool:
    return _position_is_item(board, position, constants.Item.Fog)


def agent_value(id_: int) -> int:
    return constants.Item.Agent0.value + id_


def position_in_items(board: Any, position: Any, items: Iterable[Any]) -> bool:
    return any(_position_is_item(board, position, item) for item in items)


def position_on_board(board: Any, position: Any) -> bool:
    x, y = position
    return bool(0 <= x < len(board) and 0 <= y < len(board[0]))


def get_direction(position: Any, next_position: Any) -> Any:
    """The Action that steps from position to the adjacent next_position."""
    x, y = position
    nx, ny = next_position
    if x == nx:
        return constants.Action.Right if y < ny else constants.Action.Left
    if y == ny:
        return constants.Action.Down if x < nx else constants.Action.Up
    raise constants.InvalidAction("We did not receive a valid position transition.")


def get_next_position(position: Any, direction: Any) -> Tuple[Any, Any]:
    """The cell one step from position (row, col) in direction (an Action member)."""
    x, y = position
    if direction == constants.Action.Right:
        return (x, y + 1)
    if direction == constants.Action.Left:
        return (x, y - 1)
    if direction == constants.Action.Down:
        return (x + 1, y)
    if direction == constants.Action.Up:
        return (x - 1, y)
    if direction == constants.Action.Stop:
        return (x, y)
    raise constants.InvalidAction("We did not receive a valid direction.")


def make_np_float(feature: Any) -> Any:
    return np.array(feature).astype(np.float32)


def join_json_state(record_json_dir: str, agents: List[str], finished_at: str, config: str,
                    info: Dict[str, Any]) -> None:
    """Merge the step files of record_json_dir (env.save_json's, NNN.json) into
    game_state.json: agents, finished_at, config, result {name, id}, winners (unless a tie) and
    state, the steps' JSON in file-name order; then remove the step files."""
    base: Dict[str, Any] = {"agents": agents, "finished_at": finished_at, "config": config,
                  "result": {"name": info["result"].name, "id": info["result"].value}}
    if info["result"] is not constants.Result.Tie:
        base["winners"] = info["winners"]
    names = sorted(n for n in os.listdir(record_json_dir)
                   if n.endswith(".json") and "game_state" not in n)
    base["state"] = []
    for name in names:
        with open(os.path.join(record_json_dir, name)) as f:
            base["state"].append(json.load(f))
    with open(os.path.join(record_json_dir, "game_state.json"), "w") as f:
        f.write(json.dumps(base, sort_keys=True, indent=4))
    for name in os.listdir(record_json_dir):
        if "game_state" not in name:
            os.remove(os.path.join(record_json_dir, name))
