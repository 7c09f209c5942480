// Lessons of Triangular, in English: the words of each lesson of the game's kit
// (crates/triangular/src/lessons.rs), in the same order, a step for each step.
export default {
  lessons: [
    {
      id: 'placing',
      title: 'Placing a piece',
      steps: [
        {
          text: 'The red piece lies on cell 0,0 of an endless table of triangular cells. White begins; each player has 24 pieces. A piece goes on an empty cell that shares a whole side with a piece already placed, the red one included, and passing is not allowed. Cell x,y points up when x + y is even: the red piece points up, so its sides face left, right and down.',
          goal: 'Place a piece across the bottom side of the red piece.',
          hint: 'Two of the highlighted cells lie beside the red piece in its row.',
        },
        {
          text: 'A corner is not enough. Cell 0,1, above the red piece, touches it and White’s 1,0 only at corners, so nobody may place there yet. Cell 1,0 points down: its horizontal side is on top.',
          goal: 'Make cell 0,1 playable.',
          hint: 'A cell opens when a piece lies across one of its sides. Which cell of row 1 can be reached now?',
        },
      ],
    },
    {
      id: 'scoring',
      title: 'Scoring a triangle',
      steps: [
        {
          text: 'Three of your pieces at the corners of a larger equilateral triangle score its edge length. The smallest, of edge 2, has its two bottom corners two cells apart in one row and its apex one row up, midway between them.',
          goal: 'Complete a triangle of edge 2 and score 2 points.',
          hint: 'White’s 4,0 and 6,0 are two bottom corners.',
        },
        {
          text: 'The piece you place may be any corner: the apex, or either end of the bottom side. Black has taken 5,1, but White holds another apex.',
          goal: 'Score 2 points again.',
          hint: 'White’s 7,1 is the apex above 6,0 and one more cell.',
        },
      ],
    },
    {
      id: 'pointing-down',
      title: 'Triangles pointing down',
      steps: [
        {
          text: 'Triangles point down too. Their corners are cells pointing down (x + y odd): two ends of the top side in one row, and the corner below, midway between them.',
          goal: 'Complete a triangle pointing down.',
          hint: 'White’s 1,0 and 3,0 both point down.',
        },
        {
          text: 'Black’s turn. Here the bottom corner is already in place: Black’s 4,-1 lies under 3,0 and one more cell.',
          goal: 'Score 2 points for Black with a triangle pointing down.',
          hint: 'The top side runs along row 0, two cells long.',
        },
      ],
    },
    {
      id: 'bigger',
      title: 'Bigger triangles',
      steps: [
        {
          text: 'A triangle of edge n scores n points: its bottom corners lie 2n − 2 cells apart, its apex n − 1 rows up. What lies inside does not matter — here Black’s 5,0, 6,0 and 7,0 and an empty cell.',
          goal: 'Score 3 points with one piece.',
          hint: 'White’s 4,0 and 8,0 are four cells apart: look two rows up.',
        },
        {
          text: 'Black’s turn. A triangle of edge 3 pointing down can hold anything, even the red piece: only its corners count. One cell here scores 2; another scores more.',
          goal: 'Score 3 points for Black with one piece.',
          hint: 'Black’s -1,0 and 3,0 both point down, four cells apart.',
        },
      ],
    },
    {
      id: 'several',
      title: 'Several triangles at once',
      steps: [
        {
          text: 'One piece may complete several triangles at once, in different directions, and each of them scores.',
          goal: 'Complete two triangles with one piece.',
          hint: 'White’s 5,1 and 7,1 are apexes; one empty cell lies under both.',
        },
        {
          text: 'Triangles of different sizes may share a corner too. Here 6,0 again scores 4, but another cell scores more.',
          goal: 'Score 5 points with one piece.',
          hint: 'Look for a cell that is the apex of two triangles, one inside the other.',
        },
      ],
    },
    {
      id: 'red-triangle',
      title: 'The red triangle',
      steps: [
        {
          text: 'The red piece belongs to nobody, yet it can be a corner. Complete a triangle whose other corners are the red piece and one of your own, and you win at once, whatever the score. That triangle itself scores nothing.',
          goal: 'Win at once with a triangle on the red piece.',
          hint: 'The red piece 0,0 and White’s 2,0 lie two cells apart in row 0.',
        },
        {
          text: 'Black’s turn. The red piece may be any corner of the triangle, the apex as well.',
          goal: 'Win at once for Black.',
          hint: 'The red piece 0,0 can be the apex above Black’s -1,-1.',
        },
        {
          text: 'A triangle of the red piece, one of your pieces and one of your opponent’s does nothing. Both players are waiting for a red triangle here, and it is White’s turn.',
          goal: 'Win at once.',
          hint: '-1,1 would join the red piece to Black’s -2,0: no win for White.',
        },
      ],
    },
    {
      id: 'defending',
      title: 'Stopping a red triangle',
      steps: [
        {
          text: 'Watch your opponent’s red triangles: if the next piece can complete one, take that cell first.',
          goal: 'Leave Black no triangle with the red piece.',
          hint: 'Black’s 2,0 and the red piece need one more corner.',
        },
        {
          text: 'Larger red triangles threaten too, and points are worth nothing once the game is lost: a cell here scores 2 for White, but then Black wins.',
          goal: 'Leave Black no triangle with the red piece.',
          hint: 'The red piece can be the apex of an edge 3 over Black’s -2,-2.',
        },
      ],
    },
    {
      id: 'the-end',
      title: 'The end of the game',
      steps: [
        {
          text: 'When all 48 pieces are placed, the higher score wins. White has placed all 24 and leads 16 to 13; Black’s last piece decides.',
          goal: 'Win on points with Black’s last piece.',
          hint: 'Black needs 4 points: a triangle of edge 4 lacks its right bottom corner.',
        },
        {
          text: 'Equal scores are a draw. White leads 18 to 12, and no cell gives Black 7 points.',
          goal: 'Draw with Black’s last piece.',
          hint: 'Only one cell scores 6, completing two triangles, of edge 4 and 2.',
        },
        {
          text: 'A red triangle ends the game at once, even with the 48th piece and whatever the score; other triangles the same piece completes still score. White leads 19 to 5.',
          goal: 'Win with Black’s last piece.',
          hint: 'Black’s 1,1 is the apex over the red piece and one empty cell.',
        },
      ],
    },
  ],
};
