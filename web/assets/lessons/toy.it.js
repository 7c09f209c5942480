// Lezioni del giocattolo, in italiano: the words of the toy's lessons (crates/toy/src/lessons.rs), in the same
// order, a step for each step. The toy is offered in test builds only.
export default {
  lessons: [
    {
      id: "taking",
      title: "Prendere punti",
      steps: [
        {
          text: "Una mossa prende un punto e tutti i punti alla sua destra nella stessa fila.",
          goal: "Prendi tutta la fila d in una volta.",
          hint: "Il primo punto di una fila prende tutta la fila.",
        },
        {
          text: "Chi prende l’ultimo punto vince.",
          goal: "Prendi i due punti rimasti e vinci.",
          hint: "La fila b ha ancora due punti.",
        },
      ],
    },
    {
      id: "winning",
      title: "La mossa vincente",
      steps: [
        {
          text: "Lascia file le cui dimensioni hanno or esclusivo nullo, e vinci giocando al meglio.",
          goal: "Lascia le file in equilibrio.",
          hint: "File di 1, 2 e 3 si bilanciano già.",
        },
      ],
    },
  ],
};
