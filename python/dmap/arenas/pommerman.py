"""dmap.arenas.pommerman — the Pommerman arena as a drop-in engine for the playground's Python
interface (MultiAgentLearning/playground, the game logic the arena reproduces step for step).

    from dmap.arenas import pommerman
    agents = [MyAgent(), "simple", "simple", "simple"]   # agent objects or the arena's C bots
    env = pommerman.make("PommeFFACompetition-v0", agents)
    state = env.reset()
    done = False
    while not done:
        actions = env.act(state)
        state, reward, done, info = env.step(actions)
    env.close()

An agent is any object with the playground's agent methods: act(obs, action_space) and
optionally init_agent(id, game_type), episode_end(reward), shutdown() (BaseAgent below gives
them); an agent written for the playground's BaseAgent runs unchanged once it subclasses this
one. When the playground's constants are loaded (a real playground imported beside dmap, or the
namespace of dmap.arenas.playground), the agents get its enums, the ones they compare with:
init_agent gets its GameType, observations carry its Item members in teammate and enemies,
info["result"] is its Result; and an agent that keeps its state in a character
(self._character, the playground's Bomber) finds position, ammo, blast_strength, can_kick and
is_alive written there after reset() and every step. A seat named by a string holds the arena's
C bot of that name ("simple", the playground's
SimpleAgent step for step; "dmap", "tutorial", "random", "stop"), which decides inside the C
step at C speed.

Every config of the playground's registry plays (CONFIGS): FFA and one-vs-one, the team games
(teams {0, 2} and {1, 3}; the Competition ones with fog), v1's collapsing board and v2's team
radio. Observations are the playground's, key for key, type for type and value for value: board
(uint8), bomb_blast_strength, bomb_life, bomb_moving_direction, flame_life (float64 maps),
game_type, game_env, position (a tuple of numpy.int64), blast_strength, can_kick, teammate and
enemies (Item members; in team games the teammate, and the two opponents then AgentDummy), ammo,
alive (item values of the living agents), step_count, and in radio games message (a tuple of
the two words the teammate sent with its last action). With fog (agent view size 4) the board
shows Item.Fog (5) on every cell whose row or column lies more than 4 from the agent's, and the
bomb and flame maps are 0 there.

Rewards, done and info are the playground's: in team games both members of a team get +1 when
only that team has agents alive (a dead member too), -1 each when everyone is dead or the steps
run out. In the collapsing configs (v1) a ring of the board turns to rigid walls after steps
500, 575, 650 and 725, killing the agents on it (they are not asked to act again) and taking
bombs there unexploded; step() returns the observations made before that collapse, as v1 does,
and the collapse shows in the next step. In radio games (v2) act() may answer (action, word,
word), words of RADIO_VOCAB_SIZE (the action space is a Tuple; its sample() answers so); the
words reach the teammate's next observation as its message. A plain action says (0, 0).

Randomness: reset() draws the board from Python's global `random` exactly as the playground
does and leaves it where the playground leaves it, so `random.seed(S); env.reset()` gives the
playground's board for S; env.seed(S) does the same for the next reset without touching the
global generator. The C bots that play the playground's agents (simple) then draw from the
game's copy of that stream, in agent order, as the playground's SimpleAgents draw from it;
env.random draws from that copy too, for Python agents that play the playground's agents.

Errors are values: an agent whose act() raises an Exception, answers something that is not an
action (0..5, an Action, or a radio-style list or tuple starting with one), or answers later than
env.time_limit seconds (None by default: no limit, as for the playground's in-process agents)
plays Stop for that decision, as the playground's DockerAgent plays Stop on a timeout. The game
and the other seats carry on; each error is listed in env.errors as (step, seat, kind, message)
and warned once per seat. A KeyboardInterrupt in act() propagates before the step is taken, so
the game stays in the state before it and can go on. In radio games an answer whose words are
not two words of the vocabulary plays its action with the words (0, 0), listed as "not a
message".
"""
from __future__ import annotations

import enum
import json
import random as _random
import sys
import typing
import warnings

import numpy as np
from typing import Any, Callable, Dict, List, Optional, Sequence, Union, cast

try:
    from .. import _arenas
except ImportError as e:  # a copy of python/ without the arenas' sources
    raise ImportError("dmap.arenas.pommerman needs the extension dmap._arenas, built when the "
                      "repository's arenas/ folder is beside python/") from e

__all__ = ["Item", "Action", "GameType", "Result", "make", "Pomme", "BaseAgent", "RandomAgent",
           "CONFIGS", "C_BOTS", "Discrete", "Tuple", "VecEnv", "VEC_PLANES", "VEC_STD_PLANES"]

_T = typing.TypeVar("_T")

# ---- constants (the playground's constants.py) --------------------------------------------------

BOARD_SIZE = 11
NUM_RIGID = 36
NUM_WOOD = 36
NUM_ITEMS = 20
BOARD_SIZE_ONE_VS_ONE = 8
NUM_RIGID_ONE_VS_ONE = 16
NUM_WOOD_ONE_VS_ONE = 16
NUM_ITEMS_ONE_VS_ONE = 10
AGENT_VIEW_SIZE = 4
DEFAULT_BLAST_STRENGTH = 2
DEFAULT_BOMB_LIFE = 9
MAX_STEPS = 800
RADIO_VOCAB_SIZE = 8
RADIO_NUM_WORDS = 2


class Item(enum.IntEnum):
    """The board's values. An IntEnum (the playground's is a plain Enum) so that an agent that
    imports the playground's own constants, as its SimpleAgent does with
    constants.Item(e) for e in obs['enemies'], gets its own members from ours."""
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


class Action(enum.Enum):
    """The actions; a member is accepted wherever an action number is (it has __index__)."""
    Stop = 0
    Up = 1
    Down = 2
    Left = 3
    Right = 4
    Bomb = 5

    def __index__(self) -> int:
        return cast(int, self.value)


class GameType(enum.Enum):
    FFA = 1
    Team = 2
    TeamRadio = 3
    OneVsOne = 4


class Result(enum.Enum):
    Win = 0
    Loss = 1
    Tie = 2
    Incomplete = 3


_ITEMS: typing.Tuple[Item, ...] = tuple(Item(v) for v in range(14))

# The playground's registry: config id -> (game type, env entry point, the observation's
# game_env). Every one is the arena's configuration of the same name: v0's FFA, one-vs-one and
# team games (the Competition ones with fog outside the agent's view), v1's collapsing board and
# v2's team radio; the fast variants differ from their configs only in the playground's render
# speed.
_V0, _V1, _V2 = "pommerman.envs.v0:Pomme", "pommerman.envs.v1:Pomme", "pommerman.envs.v2:Pomme"
CONFIGS: Dict[str, typing.Tuple[GameType, str]] = {
    "PommeFFACompetition-v0": (GameType.FFA, _V0),
    "PommeFFACompetitionFast-v0": (GameType.FFA, _V0),
    "PommeFFAFast-v0": (GameType.FFA, _V0),
    "OneVsOne-v0": (GameType.OneVsOne, _V0),
    "PommeTeamCompetition-v0": (GameType.Team, _V0),
    "PommeTeamCompetitionFast-v0": (GameType.Team, _V0),
    "PommeTeam-v0": (GameType.Team, _V0),
    "PommeTeamFast-v0": (GameType.Team, _V0),
    "PommeFFA-v1": (GameType.FFA, _V1),
    "PommeTeamCompetition-v1": (GameType.Team, _V1),
    "PommeRadioCompetition-v2": (GameType.TeamRadio, _V2),
    "PommeRadio-v2": (GameType.TeamRadio, _V2),
}

# The arena's C bots, by the names seats take.
C_BOTS: typing.Tuple[str, ...] = tuple(_arenas.POMMERMAN_BOTS)


class Discrete:
    """The action space handed to act(): gym's Discrete(6) as far as agents use it (n, sample,
    contains); sample() draws from its own generator, seeded by seed()."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.shape: typing.Tuple[()] = ()
        self.dtype = np.int64
        self._rng = np.random.RandomState()

    def seed(self, seed: Optional[int] = None) -> List[Optional[int]]:
        self._rng = np.random.RandomState(seed)
        return [seed]

    def sample(self) -> int:
        return int(self._rng.randint(self.n))

    def contains(self, x: Any) -> bool:
        try:
            return 0 <= int(x) < self.n
        except (TypeError, ValueError):
            return False

    def __repr__(self) -> str:
        return "Discrete(%d)" % self.n


class Tuple:
    """v2's action space: gym's Tuple of Discrete(6) and one Discrete(RADIO_VOCAB_SIZE) per word;
    sample() answers (action, word, word), which act() may return as it is. Its spaces draw
    from one generator, seeded by seed()."""

    def __init__(self, spaces: Sequence[Discrete]) -> None:
        self.spaces = tuple(spaces)
        self.seed()

    def seed(self, seed: Optional[int] = None) -> List[Optional[int]]:
        rng = np.random.RandomState(seed)
        for sp in self.spaces:
            sp._rng = rng
        return [seed]

    def sample(self) -> typing.Tuple[int, ...]:
        return tuple(sp.sample() for sp in self.spaces)

    def contains(self, x: Any) -> bool:
        return (isinstance(x, (tuple, list)) and len(x) == len(self.spaces)
                and all(sp.contains(v) for sp, v in zip(self.spaces, x)))

    def __repr__(self) -> str:
        return "Tuple(%s)" % ", ".join(map(repr, self.spaces))


class SharedRandom:
    """The game's shared stream as a `random`-like object: what the playground's global random
    holds for the agents after the board (the stream the C `simple` bots draw from, in agent
    order). A Python agent that draws as the playground's agents do, from env.random instead of
    the global module, plays the same game as the C bot of the same algorithm in its seat."""

    def __init__(self, game: Any) -> None:
        self._game = game

    def random(self) -> float:
        return cast(float, self._game.random())

    def choice(self, seq: Sequence[_T]) -> _T:
        return seq[cast(int, self._game.randbelow(len(seq)))]

    def randint(self, a: int, b: int) -> int:
        return a + cast(int, self._game.randbelow(b - a + 1))


# ---- agents --------------------------------------------------------------------------------------

class BaseAgent:
    """The playground's BaseAgent interface: subclass it and write act(obs, action_space)."""

    def __init__(self, character: Any = None) -> None:
        self._character = character
        self.agent_id: Optional[int] = None
        self.game_type: Optional[GameType] = None

    def act(self, obs: Dict[str, Any], action_space: Any) -> Any:
        raise NotImplementedError()

    def episode_end(self, reward: int) -> None:
        pass

    def init_agent(self, id_: int, game_type: GameType) -> None:
        self.agent_id = id_
        self.game_type = game_type

    @staticmethod
    def has_user_input() -> bool:
        return False

    def reset(self, is_alive: bool = True) -> None:
        pass

    def shutdown(self) -> None:
        pass


class RandomAgent(BaseAgent):
    """The playground's RandomAgent: action_space.sample()."""

    def act(self, obs: Dict[str, Any], action_space: Any) -> Any:
        return action_space.sample()


# ---- the environment -----------------------------------------------------------------------------

def _agents_constants() -> Any:
    """The constants module of the playground the agents import, when one is loaded (a real
    playground beside dmap, or the namespace of dmap.arenas.playground): the environment then
    hands them its enums (Item members in teammate and enemies, the Result of info, the
    GameType of init_agent), the ones they compare with. None otherwise."""
    c = sys.modules.get("pommerman.constants")
    ok = c is not None and all(hasattr(c, n) for n in ("Item", "GameType", "Result"))
    return c if ok else None


class _Recorder:
    """A Python agent's seat in the door: calls its act() and keeps the answer as given."""

    __slots__ = ("agent", "answer", "answered")

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.answer: Any = None
        self.answered = False

    def act(self, obs: Dict[str, Any], action_space: Any) -> Any:
        a = self.agent.act(obs, action_space)
        self.answer, self.answered = a, True
        return a


_RECORDERS: Dict[str, type] = {}


def _recorder(agent: Any) -> _Recorder:
    """agent's recorder, of a class named as the agent's (the name replays give the player)."""
    name = type(agent).__name__
    cls = _RECORDERS.get(name)
    if cls is None:
        cls = _RECORDERS[name] = type(name, (_Recorder,), {"__slots__": ()})
    return cast(_Recorder, cls(agent))


class Pomme:
    """The playground's environments (envs/v0.py, v1.py, v2.py) over the arena's engine; make()
    builds it."""

    metadata: Dict[str, List[str]] = {"render.modes": ["human", "ansi", "html"]}

    def __init__(self, config_id: str, agent_list: Sequence[Any], *,
                 time_limit: Optional[float] = None, items: Optional[Sequence[Any]] = None,
                 result: Optional[Any] = None) -> None:
        """items: the objects observations carry for teammate and enemies, one per Item value
        (default Item's members); result: the enum of info["result"] (default Result). The
        playground's namespace (dmap.arenas.playground) passes the playground's own."""
        if config_id not in CONFIGS:
            raise ValueError("unknown Pommerman config %r (known: %s)" % (config_id, ", ".join(CONFIGS)))
        game_type, game_env = CONFIGS[config_id]
        numbers = _arenas.POMMERMAN_CONFIGS[config_id]
        self.spec_id = config_id
        self._game_type = game_type
        self._agents = list(agent_list)
        self._max_steps = numbers["max_steps"]
        self._agent_view_size = numbers["view_size"] or None
        self._is_partially_observable = numbers["view_size"] > 0
        self._radio_vocab_size = numbers["radio_vocab_size"] or None
        self._radio_num_words = numbers["radio_num_words"] or None
        first = numbers["first_collapse"]
        # v1's schedule: a ring collapses after each of these steps
        self.collapses: Optional[List[int]] = (
            list(range(first, self._max_steps, (self._max_steps - first) // 4)) if first else None)
        if self._radio_num_words:
            words = [Discrete(cast(int, self._radio_vocab_size))] * self._radio_num_words
            self.action_space: Union[Tuple, Discrete] = Tuple([Discrete(6)] + words)
        else:
            self.action_space = Discrete(6)
        theirs = _agents_constants()
        if items is None and theirs is not None:
            items = tuple(theirs.Item(v) for v in range(len(_ITEMS)))
        if result is None and theirs is not None:
            result = theirs.Result
        self._result = result if result is not None else Result
        # each Python agent sits in the door behind a recorder, so that act() can return its
        # answer as the agent gave it (the door reads its own copy)
        self._recorders = {i: _recorder(a) for i, a in enumerate(self._agents) if not isinstance(a, str)}
        seats = [self._recorders.get(i, a) for i, a in enumerate(self._agents)]
        self._game = _arenas.PommermanGame(config_id, seats, tuple(items) if items is not None else _ITEMS,
                                           game_env, game_type.value, self.action_space)
        self._game.time_limit = time_limit
        self.random = SharedRandom(self._game)
        self._seed: Optional[int] = None
        self._init_game_state: Optional[Dict[str, Any]] = None
        self._render_mode = "human"
        self.observations: Optional[List[Dict[str, Any]]] = None
        self.training_agent: Optional[int] = None

    # the playground's attributes
    @property
    def errors(self) -> List[typing.Tuple[int, int, str, str]]:
        """The agents' errors: (step, seat, kind, message), in order."""
        return cast("List[typing.Tuple[int, int, str, str]]", self._game.errors)

    @property
    def time_limit(self) -> Optional[float]:
        return cast(Optional[float], self._game.time_limit)

    @time_limit.setter
    def time_limit(self, seconds: Optional[float]) -> None:
        self._game.time_limit = seconds

    @property
    def _step_count(self) -> int:
        return cast(int, self._game.step_count)

    def set_agents(self, agents: Sequence[Any]) -> None:
        raise NotImplementedError("the seats are fixed by make(); make a new environment")

    def set_training_agent(self, agent_id: Optional[int]) -> None:
        self.training_agent = agent_id

    def set_init_game_state(self, game_state_file: Optional[str]) -> None:
        """A file written from get_json_info(): reset() then starts from it."""
        self._init_game_state = None
        if game_state_file:
            with open(game_state_file, "r") as f:
                self._init_game_state = json.loads(f.read())

    def set_render_mode(self, mode: str) -> None:
        self._render_mode = mode

    def seed(self, seed: Optional[int] = None) -> List[Optional[int]]:
        """The next reset() draws its board from random.Random(seed) instead of the global
        generator (which it then leaves untouched)."""
        self._seed = seed
        self.action_space.seed(seed)
        return [seed]

    def _python_agents(self) -> List[typing.Tuple[int, Any]]:
        return [(i, a) for i, a in enumerate(self._agents) if not isinstance(a, str)]

    def _call_agents(self, method: str, args_of: Callable[[int], typing.Tuple[Any, ...]]) -> None:
        """Calls method on every Python agent; an Exception is an error value (listed, warned
        once), never a broken game."""
        for i, a in self._python_agents():
            f = getattr(a, method, None)
            if f is None:
                continue
            try:
                f(*args_of(i))
            except Exception as e:  # errors are values
                self.errors.append((self._game.step_count, i, method + " raised", repr(e)))
                warnings.warn("pommerman: agent %d: %s raised %r" % (i, method, e), RuntimeWarning, 2)

    def _sync_characters(self) -> None:
        """The agents' characters (the playground's BaseAgent keeps its agent's state in a
        Bomber, self._character) follow the game: position, ammo, blast_strength, can_kick and
        is_alive are written after reset() and every step, as the playground's forward model
        writes them. Agents without a character cost nothing."""
        holders = []
        for i, a in self._python_agents():
            ch = getattr(a, "__dict__", {}).get("_character")
            if ch is not None and not isinstance(ch, type):
                holders.append((i, ch))
        if not holders:
            return
        agents = self._game.json_state()["agents"]
        for i, ch in holders:
            st = agents[i]
            ch.position = (int(st["position"][0]), int(st["position"][1]))
            ch.ammo = int(st["ammo"])
            ch.blast_strength = int(st["blast_strength"])
            ch.can_kick = bool(st["can_kick"])
            ch.is_alive = bool(st["is_alive"])

    def reset(self) -> List[Dict[str, Any]]:
        if self._init_game_state is not None:
            self._game.reset(seed=0)
            self.set_json_info()
        elif self._seed is not None:
            self._game.reset(seed=self._seed)
            self._seed = None
        else:
            version, words, gauss = _random.getstate()
            after = self._game.reset(state=words)
            _random.setstate((version, after, gauss))
        obs = self.get_observations()
        # As the playground's reset: each agent learns its start position (its character's
        # reset() reads it), then is reset.
        self._call_agents("set_start_position", lambda i: (tuple(obs[i]["position"]),))
        self._call_agents("reset", lambda i: ())
        self._sync_characters()
        return obs

    def get_observations(self) -> List[Dict[str, Any]]:
        observations: List[Dict[str, Any]] = self._game.observations()
        self.observations = observations
        return observations

    def act(self, obs: Sequence[Dict[str, Any]]) -> List[Any]:
        """The seats' actions: Python agents' act(obs[i], action_space), C bots deciding in C on
        the current state; dead agents play Stop. A Python agent's answer comes back as it gave
        it, a radio list as a list (the playground's forward_model.act); a C bot that said words
        in a radio game (`search`) as (action, word, word); an answer that was an error (see the
        class) comes back as the Stop it plays."""
        for r in self._recorders.values():
            r.answered = False
        nerrors = len(self._game.errors)
        answers: List[Any] = list(self._game.act(obs))
        erred = {e[1] for e in self._game.errors[nerrors:]}
        for i, r in self._recorders.items():
            if r.answered and i not in erred:
                answers[i] = r.answer
        return answers

    def step(self, actions: Sequence[Any]
             ) -> typing.Tuple[List[Dict[str, Any]], List[int], bool, Dict[str, Any]]:
        self._game.step(actions)
        self._sync_characters()
        done = bool(self._game.done())
        obs = self.get_observations()
        reward: List[int] = self._game.rewards()
        info = self._get_info(done)
        if done:
            self._call_agents("episode_end", lambda i: (reward[i],))
        return obs, reward, done, info

    def _get_info(self, done: bool) -> Dict[str, Any]:
        result = self._result
        if not done:
            return {"result": result.Incomplete}
        code, winners = self._game.outcome()
        if code == 1:
            return {"result": result.Win, "winners": winners}
        return {"result": result.Tie}

    def _get_done(self) -> bool:
        return cast(bool, self._game.done())

    def _get_rewards(self) -> List[int]:
        return cast("List[int]", self._game.rewards())

    def play_step(self) -> bool:
        """act then step in one call, observations built only for Python agents: the fast
        path for games of C bots. Returns done."""
        return cast(bool, self._game.play_step())

    def run(self) -> typing.Tuple[List[int], Dict[str, Any]]:
        """Plays until done (the fast path); returns (rewards, info)."""
        self._game.run()
        return cast("List[int]", self._game.rewards()), self._get_info(True)

    def render(self, mode: Optional[str] = None, close: bool = False, record_pngs_dir: Optional[str] = None,
               record_json_dir: Optional[str] = None, do_sleep: bool = True) -> Optional[str]:
        """'human' prints the board as text, 'ansi' returns it; for the HTML replay see
        save_html."""
        mode = mode or self._render_mode
        text: str = self._game.render_text()
        if mode == "ansi":
            return text
        if mode == "html":
            raise ValueError("render: use save_html(path) for the HTML replay")
        print(text, end="")
        return None

    def save_html(self, path: str) -> None:
        """The game so far as one standalone HTML page (the arena's replay viewer)."""
        self._game.save_replay(path, html=True)

    def save_replay(self, path: str) -> None:
        """The game so far as the arena's JSON Lines replay."""
        self._game.save_replay(path)

    def get_json_info(self) -> Dict[str, str]:
        """The state as the playground's get_json_info: each value a JSON string; v1 adds the
        collapse schedule, v2 the radio's sizes and each agent's last words."""
        st = self._game.json_state()
        ret: Dict[str, Any] = {
            "board_size": st["board_size"],
            "step_count": st["step_count"],
            "board": st["board"],
            "agents": st["agents"],
            "bombs": st["bombs"],
            "flames": st["flames"],
            "items": st["items"],
            "intended_actions": [0] * len(st["agents"]),
        }
        if self.collapses is not None:
            ret["collapses"] = self.collapses
        if self._radio_num_words:
            ret["radio_vocab_size"] = self._radio_vocab_size
            ret["radio_num_words"] = self._radio_num_words
            ret["radio_from_agent"] = {"Agent%d" % i: w for i, w in enumerate(st["messages"])}
        return {k: json.dumps(v) for k, v in ret.items()}

    def set_json_info(self, info: Optional[Dict[str, Any]] = None) -> None:
        """Loads a state from get_json_info()'s strings (by default the game state file given
        to make or set_init_game_state, as the playground's set_json_info)."""
        info = self._init_game_state if info is None else info
        if info is None:
            raise ValueError("set_json_info: no game state")
        st = {k: json.loads(v) if isinstance(v, str) else v for k, v in info.items()}
        if int(st["board_size"]) != len(st["board"]):
            raise ValueError("set_json_info: board_size does not match the board")
        for a in st["agents"]:
            a["is_alive"] = int(bool(a["is_alive"]))
            a["can_kick"] = int(bool(a["can_kick"]))
        radio = st.get("radio_from_agent")
        if self._radio_num_words and radio is not None:
            st["messages"] = [list(radio.get("Agent%d" % i, (0, 0))) for i in range(len(st["agents"]))]
        self._game.load_state(st)
        self.observations = self._game.observations()
        self._sync_characters()

    def close(self) -> None:
        self._call_agents("shutdown", lambda i: ())


def make(config_id: str, agent_list: Sequence[Any], game_state_file: Optional[str] = None,
         render_mode: str = "human", *, time_limit: Optional[float] = None) -> Pomme:
    """The playground's pommerman.make: the environment of config_id with agent_list in its
    seats (agent objects, initialised with init_agent(id, game_type), or C bot names)."""
    env = Pomme(config_id, agent_list, time_limit=time_limit)
    for id_, agent in enumerate(agent_list):
        if isinstance(agent, str):
            continue
        init = getattr(agent, "init_agent", None)
        if init is not None:
            theirs = _agents_constants()
            init(id_, theirs.GameType[env._game_type.name] if theirs is not None else env._game_type)
    env.set_init_game_state(game_state_file)
    env.set_render_mode(render_mode)
    return env


# ---- vectorized games for reinforcement learning (arenas/pommerman/vec.c) -----------------------

#: The map planes a VecEnv can add after the standard ones, in the order they come.
VEC_PLANES: typing.Tuple[str, ...] = ("dist_self", "dist_enemy", "dist_each_enemy", "danger", "flee")
#: The standard channels of a VecEnv observation, in order.
VEC_STD_PLANES: typing.Tuple[str, ...] = (
    "passage", "rigid", "wood", "bomb", "flames", "fog", "extra_bomb", "incr_range",
    "kick", "self", "teammate", "enemies", "bomb_blast_strength", "bomb_life",
    "bomb_moving_direction", "flame_life", "ammo", "blast_strength", "can_kick")


class VecEnv(_arenas.PommermanVec):  # type: ignore[misc]  # the C type, typed Any
    """VecEnv(config, n, seats=None, *, seed=0, threads=1, planes=None, autoreset=True)

    n games of one config (a config id of CONFIGS, or "ffa" / "1v1") stepped together in C on
    `threads` threads (the calling thread included), the result the same for any thread count.

    seats: None (every seat a learner: self-play) or one entry per seat, None or "learner" for a
    learner, else a C bot's name (C_BOTS: "simple", "random", "stop", "tutorial", "dmap").
    planes: None, "all", or names of VEC_PLANES (the map planes computed in the same step with
    dmap; they come after the standard channels in VEC_PLANES order whatever order is given).

    reset(seed=None) -> (obs, masks): reset(seed) starts episode 0 of every game from seed;
    reset() starts episode 0 of the construction seed the first time, later every game's next
    episode. step(actions) -> (obs, rewards, terminated, truncated, masks). actions: integers 0..5 of shape (n, num_learners) (int32 is read in place; other
    integer dtypes are checked, then converted). The returned arrays are the object's own, written
    in place by every call (copy what you keep); assign an array of the same shape and dtype to
    env.obs (rewards, terminated, truncated, masks) to have the next calls write there instead:

        obs       uint8   (n, num_learners, channels, size, size)   channels: env.plane_names
        rewards   float32 (n, num_learners)
        terminated, truncated  bool (n, num_learners)
        masks     uint8   (n, num_learners, 6)   1 = legal, in Action order

    The channels (arenas/pommerman/pommerman.h, "vectorized games", documents each): one plane per
    item value 0..8, self, teammate, enemies (0/1), bomb_blast_strength, bomb_life,
    bomb_moving_direction, flame_life (as observed), ammo, blast_strength, can_kick (the same value
    on every cell); then the map planes: dist_self (BFS steps from the learner), dist_enemy (from
    the nearest enemy it sees), dist_enemy0.. (dist_each_enemy: one per enemy), danger (in how many
    steps the cell burns, 0 flames now), flee (dmap_flee of the enemy distance, factor -2, plus
    128; lower is safer); 255 means never or unreached. Fog (the Competition configs) hides what the
    learner does not see, as in its observation.

    A learner's reward is the environment's while it is in the episode; terminated is 1 in the step
    it died or the game ended with a win or a tie, truncated in the step the game hit max_steps
    with it alive. The episode ends when the game is done or, with bots in some seats, when every
    learner is dead; that game then starts its next episode in the same call (obs and masks are the
    new episode's first). With autoreset=False it stays as it ended instead (obs and masks its
    last), finished() says which games have, and step() raises ValueError until reset() starts
    every game's next episode. autoreset="NextStep" (gymnasium's next-step mode, what
    dmap.rl.vector_env uses) keeps an ended game as it ended for that call (obs and masks its
    last) and starts its next episode in the next step() instead of stepping it (its actions
    ignored, rewards and flags 0); "SameStep" is True, "Disabled" False (autoreset_mode says which).
    step_words(actions, words) is step() with the learners' radio words, (n, num_learners, 2); the
    one-game methods open_game(i, seed), observation(i, seat) and game_info(i) serve dmap.rl's
    PettingZoo and Gymnasium environments. Episode e of game i is the game of seed
    kit_episode_seed(seed, i, e) = splitmix64(splitmix64(splitmix64(splitmix64(seed) ^ i)) ^ e)
    with the top bit cleared: the game `pommerman match --seed <that seed>` plays with the same
    bots, and make(config, ...) reset from that seed plays it step for step with the same actions
    (episodes() gives each game's episode, seed and step).

    Errors: a bad config, seat, plane, n, seed or thread count is a ValueError or TypeError at
    construction; actions of the wrong shape or out of range are a ValueError, of a non-integer dtype
    a TypeError, raised before any game moves; so is a step while a game has ended without
    autoreset; step() before reset() is a RuntimeError.
    """

    __slots__ = ()
