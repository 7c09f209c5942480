// Leçons du jouet, en français: the words of the toy's lessons (crates/toy/src/lessons.rs), in the same
// order, a step for each step. The toy is offered in test builds only.
export default {
  lessons: [
    {
      id: "taking",
      title: "Prendre des points",
      steps: [
        {
          text: "Un coup prend un point et tous les points à sa droite dans la même rangée.",
          goal: "Prenez toute la rangée d d’un coup.",
          hint: "Le premier point d’une rangée prend toute la rangée.",
        },
        {
          text: "Qui prend le dernier point gagne.",
          goal: "Prenez les deux points restants et gagnez.",
          hint: "La rangée b a encore deux points.",
        },
      ],
    },
    {
      id: "winning",
      title: "Le coup gagnant",
      steps: [
        {
          text: "Laissez des rangées dont le ou exclusif des tailles est nul, et vous gagnez en jouant au mieux.",
          goal: "Laissez les rangées équilibrées.",
          hint: "Des rangées de 1, 2 et 3 s’équilibrent déjà.",
        },
      ],
    },
  ],
};
