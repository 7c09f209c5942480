// Lessons of Four Triangles, in English: the words of each lesson of the game's kit
// (crates/four-triangles/src/lessons.rs), in the same order, a step for each step.
export default {
  lessons: [
    {
      id: 'opening',
      title: 'The board and the first single',
      steps: [
        {
          text: 'The board is four separate triangles: T at the top, L bottom left, R bottom right and C, upside down, in the centre. Each has 7 points: the corners X1–X3, the median points X4–X6 in the middle of the sides, and the middle point X0. The game starts with one action allowed only then: Player 1 places a single, a figure of one stone, on any point.',
          goal: 'Place the first single on a middle point.',
          hint: 'Middle points end in 0: T0, L0, R0 and C0.',
        },
        {
          text: 'The three corners of the big triangle — T1 at the top, L2 bottom left and R3 bottom right — are the big corners. In the full version warps link them to far parts of the board.',
          goal: 'Place the first single on a big corner.',
          hint: 'Look at the three outer tips of the board.',
        },
        {
          text: 'Where two outer triangles meet C, three corners sit together: a constellation. Left: T2, L1, C3; right: T3, R1, C2; bottom: L3, R2, C1. They are separate points, never neighbours along a line, but in the full version warps join each one to the other constellations.',
          goal: 'Place the first single on a point of a constellation.',
          hint: 'Look where the corners of C touch the outer triangles.',
        },
      ],
    },
    {
      id: 'bringing-in',
      title: 'Bringing in two singles',
      steps: [
        {
          text: 'From the second turn on, a turn is one action of your choice. One is to bring in two new singles on two empty points that are neither middle points nor on C. It takes 2 stones from the common supply (11 stones with 2 or 3 players, 15 with 4) and 2 of your 9 markers: a figure is a stack of stones under its owner’s marker.',
          goal: 'Bring in two singles, at least one of them next to Player 1’s single on T4.',
          hint: 'On the side T2 T4 T3, T4 has two neighbours; T0 is a middle point, closed to new singles.',
        },
        {
          text: 'You hold the middle point T0. The middle point of a triangle together with its three median points wins the game, so median points are worth taking. The two new singles may also go far apart.',
          goal: 'Bring in two singles on median points of T.',
          hint: 'The median points of T are T4, T5 and T6.',
        },
      ],
    },
    {
      id: 'singles',
      title: 'Moving a single',
      steps: [
        {
          text: 'Another action is to move a figure. A single moves to a neighbour: the next point along one of its triangle’s lines, the three sides and the three medians (each from a corner through the middle point to a median point). The warps of the full version add neighbours; they come later.',
          goal: 'Move your single from T4 to the middle point T0.',
          hint: 'T4, T0 and T1 lie on one median.',
        },
        {
          text: 'A median point has only three neighbours: the two corners of its side and the middle point. Two median points are never neighbours, as no line joins them directly.',
          goal: 'Move your single from T5 onto the side T1 T6 T2.',
          hint: 'Which neighbours does T5 have? One of them is a corner of that side.',
        },
      ],
    },
    {
      id: 'capturing',
      title: 'Capturing',
      steps: [
        {
          text: 'A figure that lands on another figure captures it: the captured figure’s marker goes back to its owner and its stones join the mover’s stack. A single that takes a single becomes a double.',
          goal: 'Capture Player 2’s single with yours.',
          hint: 'T2 is a neighbour of T4 on the side T2 T4 T3.',
        },
        {
          text: 'Any figure can be captured, your own included: that is how figures grow. A double that takes a single, or a single that takes a double, becomes a triple: 3 stones, the most a figure holds.',
          goal: 'Make a triple.',
          hint: 'Your double on T2 and your single on T4 are neighbours.',
        },
        {
          text: 'When a capture makes more than 3 stones, 3 of them go back to the supply. A double that takes a double makes 4 stones: a single stays and the supply gets 3 back.',
          goal: 'Capture Player 2’s double.',
          hint: 'T6 is next to T2 on the side T2 T6 T1.',
        },
      ],
    },
    {
      id: 'doubles',
      title: 'Moving a double',
      steps: [
        {
          text: 'A double moves to a neighbour, or as far as it likes along a straight line. It stops on an empty point of its choice or on the first figure it meets, which it captures; it never passes a figure.',
          goal: 'Capture Player 2’s single on T1 with your double.',
          hint: 'T4, T0 and T1 lie on one median, and T0 is empty.',
        },
        {
          text: 'Now Player 2’s single on T0 blocks that median: your double on T4 could take it, but cannot pass it to reach T1. Your other double has a clear line.',
          goal: 'Capture Player 2’s single on T1.',
          hint: 'Look along the side T2 T6 T1.',
        },
      ],
    },
    {
      id: 'triples',
      title: 'Moving a triple',
      steps: [
        {
          text: 'A triple moves to a neighbour, or jumps from a middle point to another triangle’s middle point or to a big corner. A jump passes over anything on the way and exists in both versions of the game.',
          goal: 'Move your triple to the middle point of C.',
          hint: 'Your triple stands on the middle point T0.',
        },
        {
          text: 'A jump captures like any other move. A triple that takes a double makes 5 stones: 3 go back to the supply and a double stays.',
          goal: 'Capture Player 2’s double on the big corner R3.',
          hint: 'From T0 every big corner is one jump away.',
        },
      ],
    },
    {
      id: 'warps',
      title: 'Warps and the simple version',
      steps: [
        {
          text: 'The full version, the default, has warps, which make more neighbours. A constellation point is a neighbour of the six points of the other two constellations and of the big corner opposite its constellation. The board rings the warp points.',
          goal: 'Move your single from T2 into triangle R.',
          hint: 'T2 is in the left constellation: look at the right one, the bottom one, and the big corner opposite.',
        },
        {
          text: 'A big corner is a neighbour of the two other big corners and of the three points of the constellation opposite it: T1 is opposite the bottom constellation, L2 the right one, R3 the left one.',
          goal: 'Capture Player 2’s single on L2.',
          hint: 'T1 and L2 are both big corners.',
        },
        {
          text: 'A straight line that runs out at a big corner goes on from the C corner of the opposite constellation, in the same direction: T1–C1, L2–C2, R3–C3, marked ⇄ on the board. So the median T4 T0 T1 goes on as C1 C0 C4, one straight line for a double.',
          goal: 'Move your double from T4 to C0.',
          hint: 'Follow T4, T0, T1, then C1: every point on the way is empty.',
        },
        {
          text: 'The simple version has no warps of either kind, so singles and doubles never leave their triangle. Only the triple’s jumps, which exist in both versions, lead from one triangle to another.',
          goal: 'Bring one of your figures into triangle C.',
          hint: 'Your singles on T1 and T2 are stuck in T; the triple on T0 is not.',
        },
      ],
    },
    {
      id: 'splitting',
      title: 'Splitting',
      steps: [
        {
          text: 'A double may split into two singles; a triple into a double and a single, or into three singles. The new figures go onto empty points where the figure could have moved, and its own point is left empty. Each new figure past the first needs one of your markers.',
          goal: 'Split your double so that your singles hold T5 and T6.',
          hint: 'T5 and T6 are both neighbours of T1.',
        },
        {
          text: 'A triple can split into a double and a single. Its parts may use the triple’s jumps. In the notation the double’s point is marked :2, as in T0/C0:2,R0; on the board you click the double’s point twice, first.',
          goal: 'Split your triple into a double and a single on two empty middle points.',
          hint: 'L0 is taken by Player 2; R0 and C0 are empty and one jump from T0.',
        },
        {
          text: 'Splitting a triple into three singles takes two markers, and it puts three figures in place at once. Here it wins: the middle point and the three median points of one triangle.',
          goal: 'Win by splitting your triple.',
          hint: 'You already hold T4; T0, T5 and T6 are all neighbours of T1.',
        },
      ],
    },
    {
      id: 'turning',
      title: 'Turning a triangle',
      steps: [
        {
          text: 'An action may turn one triangle by 120°, with every figure on it, anyone’s. RT+ turns T counter-clockwise (corner 1 to 2, 2 to 3, 3 to 1), RT- clockwise; the middle point stays put. A turn that would leave the board as it was is not allowed.',
          goal: 'Bring your single from T1 to the corner T3.',
          hint: 'T3 is not a neighbour of T1. Which way must T turn?',
        },
        {
          text: 'Player 2 has just turned triangle L. When the turn just before was a turn of a triangle, no one may turn a triangle now.',
          goal: 'Bring one of your singles to T3.',
          hint: 'Turning T is not allowed now, but T4 and T3 lie on one side.',
        },
        {
          text: 'Your own previous turn was a turn of T, which took your single from T1 to T2. A player may not turn a triangle on two of their turns in a row, even when the turn just before was not a turn.',
          goal: 'Bring your single to T3.',
          hint: 'T2 and T3 are in two different constellations.',
        },
      ],
    },
    {
      id: 'winning',
      title: 'Winning',
      steps: [
        {
          text: 'After every turn, a player who holds all four middle points, T0, L0, R0 and C0, wins.',
          goal: 'Take the fourth middle point and win.',
          hint: 'Your single on C2 is next to C0.',
        },
        {
          text: 'A player also wins by holding the middle point and the three median points of one triangle. Any action that completes them wins, bringing in too.',
          goal: 'Complete triangle R and win.',
          hint: 'R6 is the missing median point.',
        },
        {
          text: 'A player who has had figures on the board and has none left is out. When every other player is out, the last one left wins. Player 2 has one figure left.',
          goal: 'Capture Player 2’s last figure and win.',
          hint: 'L3 is in the bottom constellation, your double on T2 in the left one.',
        },
      ],
    },
    {
      id: 'more-players',
      title: 'Three and four players',
      steps: [
        {
          text: 'Two to four can play; with four the supply holds 15 stones. A player who is out is skipped in the turn order from then on, and the others play on. Player 4 has one single left, on T0.',
          goal: 'Put Player 4 out of the game.',
          hint: 'Your double on T2 is next to T0.',
        },
        {
          text: 'Player 2 is out, so after Player 3 it is your turn again. Capture Player 3’s last figure and you are the last one left.',
          goal: 'Win as the last player left.',
          hint: 'Your triple is on the big corner L2; R1 is in the right constellation, opposite L2.',
        },
      ],
    },
    {
      id: 'draws',
      title: 'Draws',
      steps: [
        {
          text: 'The game is drawn when a position occurs for the third time: the same figures on the same points, the same player to move, the same turning locks and the same players out. Here both players’ singles have gone back and forth twice.',
          goal: 'Draw by making the position occur a third time.',
          hint: 'Move your single back the way it went before.',
        },
        {
          text: 'The game is also drawn when the 300th turn is over; every turn counts, the opening single and passes too (a player with no legal action passes). A win on that turn still beats the draw. 299 turns have been played, and Player 1 has one figure left, the triple on L0.',
          goal: 'Win on the 300th turn.',
          hint: 'Your single on L5 is next to L0.',
        },
      ],
    },
  ],
};
