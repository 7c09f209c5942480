// Lektionen des Spielzeugs, auf Deutsch: the words of the toy's lessons (crates/toy/src/lessons.rs), in the same
// order, a step for each step. The toy is offered in test builds only.
export default {
  lessons: [
    {
      id: "taking",
      title: "Punkte nehmen",
      steps: [
        {
          text: "Ein Zug nimmt einen Punkt und alle Punkte rechts davon in derselben Reihe.",
          goal: "Nimm die ganze Reihe d auf einmal.",
          hint: "Der erste Punkt einer Reihe nimmt die ganze Reihe.",
        },
        {
          text: "Wer den letzten Punkt nimmt, gewinnt.",
          goal: "Nimm beide übrigen Punkte und gewinne.",
          hint: "In Reihe b stehen noch zwei Punkte.",
        },
      ],
    },
    {
      id: "winning",
      title: "Der Gewinnzug",
      steps: [
        {
          text: "Hinterlasse Reihen, deren Größen exklusiv-oder null ergeben, und du gewinnst bei bestem Spiel.",
          goal: "Hinterlasse die Reihen ausgeglichen.",
          hint: "Reihen aus 1, 2 und 3 gleichen sich schon aus.",
        },
      ],
    },
  ],
};
