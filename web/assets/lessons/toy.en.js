// Lessons of the toy, in English: the words of the toy's lessons (crates/toy/src/lessons.rs), in the same
// order, a step for each step. The toy is offered in test builds only.
export default {
  lessons: [
    {
      id: "taking",
      title: "Taking points",
      steps: [
        {
          text: "A move takes one point and every point to its right in the same row.",
          goal: "Take the whole of row d at once.",
          hint: "The first point of a row takes the whole row.",
        },
        {
          text: "Whoever takes the last point wins.",
          goal: "Take both points left, and win.",
          hint: "Row b still has two points.",
        },
      ],
    },
    {
      id: "winning",
      title: "The winning move",
      steps: [
        {
          text: "Leave rows whose sizes’ exclusive or is zero, and you win with best play.",
          goal: "Leave the rows balanced.",
          hint: "Rows of 1, 2 and 3 already balance each other.",
        },
      ],
    },
  ],
};
