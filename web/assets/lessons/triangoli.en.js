// Lessons of Triangoli, in English: the words of each lesson of the game's kit
// (crates/triangoli/src/lessons.rs), in the same order, a step for each step.
export default {
  lessons: [
    {
      id: 'setup',
      title: 'The board and the set-up',
      steps: [
        {
          text: 'The board has 24 numbered triangles, grouped four by four into six sectors by the thick lines, and 19 intersections where the pawns stand. Player 1 sets a pawn down first, on any intersection; the centre, c3, is a corner of six triangles, one in each sector.',
          goal: 'Set your pawn down on c3.',
          hint: 'c3 is the middle of row 3, where all the thick lines meet.',
        },
        {
          text: 'Player 2 then sets a pawn down on any other intersection. A triangle is next to an intersection when that intersection is one of its three corners. Each player also keeps 18 cylinders beside the board: their reserve.',
          goal: 'Set your pawn down on a corner of triangle 12.',
          hint: 'Triangle 12 is at the right-hand end of the band between rows 2 and 3.',
        },
      ],
    },
    {
      id: 'moving',
      title: 'Moving the pawn',
      steps: [
        {
          text: 'A turn has three parts: move, place, exchange. Your pawn goes 1, 2 or 3 steps in a straight line along the lines, without turning and without leaving the board; then click an empty triangle next to it to place your cylinders there.',
          goal: 'Move your pawn from a1 three steps, to c4.',
          hint: 'Lines run along the rows and along two slants: follow the slant up from a1.',
        },
        {
          text: 'A pawn may not pass through the other pawn, nor stop on it, so your pawn can bar a line. The opponent’s pawn on a3 can go along row 3 to b3, c3 or d3.',
          goal: 'Move so that the opponent’s pawn cannot reach d3 on its next turn.',
          hint: 'Stand on row 3 between a3 and d3; a slant leads there from c5.',
        },
      ],
    },
    {
      id: 'placing',
      title: 'Placing cylinders',
      steps: [
        {
          text: 'After moving, put exactly as many cylinders from your reserve as the steps you moved into one empty triangle next to your pawn. One step places one cylinder; three steps place three, all in the same triangle.',
          goal: 'Put three cylinders into triangle 14.',
          hint: 'One corner of triangle 14 is on row 3, three steps from e3.',
        },
        {
          text: 'You cannot move further than your reserve allows: with two cylinders left, no move of three steps is allowed. And wherever your pawn stops, it must be next to at least one empty triangle.',
          goal: 'Place your last two cylinders.',
          hint: 'Go exactly two steps.',
        },
      ],
    },
    {
      id: 'exchange',
      title: 'Exchanging',
      steps: [
        {
          text: 'After placing, you exchange the opponent’s cylinders next to your pawn for your own, one for each step moved: each one taken goes back to its owner’s reserve, and one from your reserve takes its place. Several may come from the same triangle.',
          goal: 'Exchange both of the opponent’s cylinders in triangle 2.',
          hint: 'You need two steps, ending on a free corner of triangle 2.',
        },
        {
          text: 'You exchange as many as the steps you moved, but never more than lie next to your pawn: stopping on b3, three steps away, would exchange only the cylinder in triangle 8. The cylinders may come from different triangles.',
          goal: 'Exchange the opponent’s cylinders in both triangle 8 and triangle 9.',
          hint: 'Find a free intersection that is a corner of both triangles.',
        },
        {
          text: 'The cylinders you exchange in come from what is left of your reserve after placing. With four in reserve, three steps place three and leave one to exchange with; two steps leave two.',
          goal: 'Exchange two of the opponent’s cylinders.',
          hint: 'Triangle 14 holds two of the opponent’s cylinders. Go no further than you need to reach it.',
        },
      ],
    },
    {
      id: 'sectors',
      title: 'Sectors and majorities',
      steps: [
        {
          text: 'When the game ends, each sector is counted on its own: only the player with more cylinders in it keeps them. The sectors are numbered 1 to 6 counter-clockwise from the upper right; sector 6 is triangles 5, 10, 11 and 12, where the opponent has one cylinder.',
          goal: 'Have more cylinders than the opponent in sector 6 (triangles 5, 10, 11, 12).',
          hint: 'One cylinder would only tie. Go two steps to a corner of a triangle of sector 6.',
        },
        {
          text: 'When several triangles next to your pawn hold the opponent’s cylinders, you choose which ones to exchange. Sector 4 is triangles 1, 6, 7 and 8; sector 3 is triangles 13, 14, 15 and 20.',
          goal: 'Have more cylinders than the opponent in sector 4 (triangles 1, 6, 7, 8).',
          hint: 'Place in sector 4, and exchange in sector 4 too.',
        },
        {
          text: 'Each exchange counts twice in a sector: the opponent has one cylinder fewer there and you one more. A move of three steps places three cylinders and exchanges up to three.',
          goal: 'Have more cylinders than the opponent in sector 3 (triangles 13, 14, 15, 20).',
          hint: 'Triangle 20 holds three of the opponent’s cylinders, and one of its corners is three steps from b1.',
        },
        {
          text: 'One turn can change two sectors: place in one and exchange in another. Sector 5 is triangles 2, 3, 4 and 9; sector 6 is triangles 5, 10, 11 and 12.',
          goal: 'Have more cylinders than the opponent in both sector 5 and sector 6.',
          hint: 'Find an intersection next to triangle 4 that is also next to sector 6.',
        },
      ],
    },
    {
      id: 'passing',
      title: 'Passing',
      steps: [
        {
          text: 'A player with no legal move must pass; a player who can move may not pass. The opponent’s reserve is empty, so they cannot move unless you give cylinders back: the exchange is compulsory whenever their cylinders lie next to where your pawn stops.',
          goal: 'Leave the opponent without a move, so that they must pass.',
          hint: 'Stop next to an empty triangle, but next to none of the opponent’s cylinders.',
        },
        {
          text: 'A pawn may only stop next to at least one empty triangle. Around a3 nearly every triangle is occupied: the opponent’s pawn there can still go along row 3, or to a2, next to the empty triangle 7.',
          goal: 'Leave the opponent without a move, so that they must pass.',
          hint: 'Both ways out have to be closed in the same turn: row 3 and triangle 7.',
        },
      ],
    },
    {
      id: 'the-end',
      title: 'The end of the game',
      steps: [
        {
          text: 'The game ends when neither player can move: when all 24 triangles are occupied, or sooner. Cylinders left in a reserve count for nothing. The opponent’s pawn on c1 can only go to b1, a1, c2, d2 or e3.',
          goal: 'End the game with this turn.',
          hint: 'Stand in the way of the pawn on c1 and fill the empty triangle it could still reach; you must be left with no cylinder either.',
        },
        {
          text: 'The opponent’s reserve is empty. If your turn gives them no cylinder back and leaves you without a move as well, the game ends at once, and counted sector by sector you are ahead, 14 cylinders to 13.',
          goal: 'End the game now, as the winner.',
          hint: 'Exchange nothing: stop where none of the opponent’s cylinders lies next to your pawn.',
        },
      ],
    },
    {
      id: 'scoring',
      title: 'Scoring',
      steps: [
        {
          text: 'Only triangle 20 is empty, so whichever move fills it ends the game. Then, sector by sector, the player with more cylinders keeps them and the other’s are removed; on a tie both players’ are removed. Whoever keeps more cylinders wins.',
          goal: 'Fill triangle 20 and win.',
          hint: 'Count sector 3 (triangles 13, 14, 15, 20): a tie there would remove your cylinders too.',
        },
        {
          text: 'A tie removes both players’ cylinders from a sector, so tying a sector where the opponent leads takes their cylinders out of the count. Every move here ends the game.',
          goal: 'End the game as the winner.',
          hint: 'Look at sector 2 (triangles 16, 21, 22, 23): the opponent has three cylinders there and you none.',
        },
        {
          text: 'If both players keep the same number of cylinders, whoever won more sectors wins; a tied or empty sector is won by nobody. If that is equal too, the game is a draw.',
          goal: 'Win on sectors with your last cylinder, which ends the game.',
          hint: 'Sectors 5 and 6 are both tied 3–3. Break the tie you can reach.',
        },
      ],
    },
  ],
};
