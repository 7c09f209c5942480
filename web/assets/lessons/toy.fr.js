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
          goal: "Prends toute la rangée d d’un coup.",
          hint: "Le premier point d’une rangée prend toute la rangée.",
        },
        {
          text: "Qui prend le dernier point gagne.",
          goal: "Prends les deux points restants et gagne.",
          hint: "La rangée b a encore deux points.",
        },
      ],
    },
    {
      id: "winning",
      title: "Le coup gagnant",
      steps: [
        {
          text: "Laisse des rangées dont le ou exclusif des tailles est nul, et tu gagnes en jouant au mieux.",
          goal: "Laisse les rangées équilibrées.",
          hint: "Des rangées de 1, 2 et 3 s’équilibrent déjà.",
        },
      ],
    },
  ],
};
