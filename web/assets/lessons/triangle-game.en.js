// Lessons of The Triangle Game, in English: the words of each lesson of the game's kit
// (crates/triangle-game/src/lessons.rs), in the same order, a step for each step.
export default {
  lessons: [
    {
      id: 'placing',
      title: 'The board and placing',
      steps: [
        {
          text: 'The board has 42 vertices and three territories: the top one is Dark Blue’s home, the bottom right one Green’s, the bottom left one Light Blue’s. Every turn begins by placing one stone from your pool on any empty vertex. You play Dark Blue: your pool holds three Green, three Light Blue and three white stones, none of your own colour.',
          goal: 'Place a Green stone in your home territory, the top one.',
          hint: 'Choose Green in your pool below the board, then any empty vertex in rows 1 to 5.',
        },
        {
          text: 'The joins a5, e5 and e9, where two territories meet, belong to both of them. Now you play Green, who moves after Dark Blue; your pool holds Dark Blue, Light Blue and white stones.',
          goal: 'Place a white stone on one of the three joins.',
          hint: 'The joins are the corners where two coloured territories touch.',
        },
        {
          text: 'Light Blue, who moves third, has placed a white stone on c5. After placing you may slide stones, or end your turn at once; then the next player places.',
          goal: 'End your turn.',
          hint: 'Use the “End turn” button.',
        },
      ],
    },
    {
      id: 'sliding',
      title: 'Sliding stones',
      steps: [
        {
          text: 'After placing you have one slide. A stone slides from a corner of a triangle to another corner of the same triangle, along its side, however long it is. You have no Dark Blue stone on the board yet, so you slide white ones. The stone on a1 is a corner of the whole board.',
          goal: 'Slide the white stone on a1 to the bottom row.',
          hint: 'Follow one of the board’s long outer sides to its end.',
        },
        {
          text: 'A slide ends on an empty vertex and cannot pass a stone lying on the side in between. The white stone on a7 bars the way down the left side from a5.',
          goal: 'Bring the white stone on a5 to the bottom row.',
          hint: 'a5 is also a corner of the large hole in the middle.',
        },
        {
          text: 'Once a stone of your colour is on the board, you slide only stones of your colour: white ones are for players who have none of theirs on the board. Green has placed a Dark Blue stone on e5.',
          goal: 'Bring a stone to i9.',
          hint: 'The white stone on a9 may not move now. Which triangle has corners e5 and i9?',
        },
      ],
    },
    {
      id: 'scoring',
      title: 'Scoring',
      steps: [
        {
          text: 'Each of your stones in your home territory scores +1 for you, each one on a vertex that belongs only to another player’s territory −1. As you place the other players’ colours, you can put their stones where they cost them.',
          goal: 'Place a Green stone so that Green’s score drops to −1.',
          hint: 'Green’s home is the bottom right territory.',
        },
        {
          text: 'A stone on the join of the two territories that are not its owner’s home counts nothing, and neither do white stones or stones in the pools. A join of your home is part of it and counts +1 for you. You play Green now.',
          goal: 'Place a Dark Blue stone outside Dark Blue’s home where it costs Dark Blue nothing.',
          hint: 'Dark Blue’s home is the top territory: look for the join of the other two.',
        },
        {
          text: 'Your own stones can walk home. Green has put a Dark Blue stone on g7, in Green’s home, where it costs you a point. You have placed your stone; now slide.',
          goal: 'Raise your score with one slide.',
          hint: 'The nearest vertex of your home is a join, past f6.',
        },
      ],
    },
    {
      id: 'power-triangles',
      title: 'Power Triangles',
      steps: [
        {
          text: 'A triangle is your Power Triangle when each of its corners holds your stone or a white one, at least one of them yours, and no stone lies on its sides between the corners. Triangles of every size count, the holes too. Each Power Triangle you have when you place gives you an extra slide.',
          goal: 'Place a stone that makes you a Power Triangle.',
          hint: 'Your stone on a3 and the white one on c3 are two corners of two triangles.',
        },
        {
          text: 'A stone on a side spoils a triangle: the Green stone on b3 lies on the sides of both triangles with corners a3 and c3. A triangle of white stones only is nobody’s.',
          goal: 'Place a stone that makes you a Power Triangle.',
          hint: 'Look at the triangle with corners a3 and a5.',
        },
      ],
    },
    {
      id: 'extra-slides',
      title: 'Extra slides',
      steps: [
        {
          text: 'A slide that creates a Power Triangle gives you one more slide at once. You have placed and have one slide; your stone on f7 is two slides from home.',
          goal: 'Bring your stone into your home territory this turn.',
          hint: 'The white stones on e8 and f8 are two corners of a small triangle.',
        },
        {
          text: 'After placing you have 1 slide plus 1 for every Power Triangle you own, old ones too: a1-a2-b2 has given you a second slide this turn.',
          goal: 'Bring the stone on g9 into your home territory.',
          hint: 'No single slide leads from g9 into the top territory, but you have two.',
        },
      ],
    },
    {
      id: 'pickup',
      title: 'Picking up stones',
      steps: [
        {
          text: 'Coloured dots sit in four holes. When you create a Power Triangle around a dot, instead of its extra slide you may pick up a white stone or a stone of the dot’s colour from anywhere on the board into your pool. The Green stone on g9 scores for Green.',
          goal: 'Take the Green stone on g9 off the board.',
          hint: 'The hole a3-c3-c5 holds the Green dot.',
        },
        {
          text: 'A dot allows only its own colour, and white: the big central hole holds a dot of each colour, each territory’s hole one. The Light Blue stone on b8 scores for Light Blue.',
          goal: 'Pick up the Light Blue stone.',
          hint: 'Which hole holds the Light Blue dot?',
        },
        {
          text: 'A slide that creates a Power Triangle around a dot allows a pickup too, straight away: the chance is gone with your next slide or the end of your turn. A larger triangle surrounds the dots inside it, so the top territory surrounds the Green dot. You have placed and have one slide.',
          goal: 'Take the Green stone on g9 off the board.',
          hint: 'With white stones on a5 and e5, the top territory lacks only its top corner.',
        },
      ],
    },
    {
      id: 'once-a-turn',
      title: 'Once a turn',
      steps: [
        {
          text: 'A Power Triangle gives its extra slide, or its pickup, at most once a turn, even if it is broken and formed again. a7-a9-c9 gave you a slide when you placed; then you slid its stone from a7 to a5, and one slide is left.',
          goal: 'Slide so that you win an extra slide.',
          hint: 'Back on a7 the stone would form a7-a9-c9 again, for nothing. The white stones on c3 and e5 wait for a third corner.',
        },
        {
          text: 'Removing a stone never creates a Power Triangle. The white stone you placed on c5 has made a3-c3-c5 around the Green dot, so you may pick up a Green or a white stone. The Green stone on a4 lies on a side of a3-a5-c5.',
          goal: 'Make a3-a5-c5 your Power Triangle.',
          hint: 'Take away the stone in its way: it gives no extra slide now, but it counts when you place next turn.',
        },
      ],
    },
    {
      id: 'the-end',
      title: 'The end of the game',
      steps: [
        {
          text: 'After each turn the game ends when a player has 2 points or more; the highest score wins. Your stone on a5 gives you 1 point, the one on e9 nothing.',
          goal: 'Win the game this turn.',
          hint: 'Bring the stone on e9 home, then end your turn.',
        },
        {
          text: 'The game also ends when the player ending a turn has an empty pool, and you have placed your last stone. You and Green both have 0 points: players tied on the highest score share the win.',
          goal: 'Win the game alone.',
          hint: 'One point is enough. Your stone on e9 counts nothing yet.',
        },
        {
          text: 'You have 1 point: a5 and e5 give +2, the stone on g9, in Green’s home, −1. A dot of your own colour lets you pick up your own stone, and taking one away may win the game.',
          goal: 'Win the game this turn.',
          hint: 'The central hole a5-e5-e9 holds a dot of every colour; it lacks one corner.',
        },
      ],
    },
  ],
};
