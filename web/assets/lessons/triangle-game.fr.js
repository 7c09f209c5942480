// Lessons of The Triangle Game, in French: the words of each lesson of the game's kit
// (crates/triangle-game/src/lessons.rs), in the same order, a step for each step.
export default {
  lessons: [
    {
      id: 'placing',
      title: 'Le plateau et la pose',
      steps: [
        {
          text: 'Le plateau a 42 sommets et trois territoires : celui du haut est chez Bleu foncé, celui d’en bas à droite chez Vert, celui d’en bas à gauche chez Bleu clair. Chaque tour commence par la pose d’une pierre de votre réserve sur un sommet vide, n’importe lequel. Vous jouez Bleu foncé : votre réserve contient trois pierres vertes, trois bleu clair et trois blanches, aucune de votre couleur.',
          goal: 'Posez une pierre verte dans votre territoire, celui du haut.',
          hint: 'Choisissez le vert dans votre réserve sous le plateau, puis n’importe quel sommet vide des rangées 1 à 5.',
        },
        {
          text: 'Les jonctions a5, e5 et e9, où deux territoires se rencontrent, appartiennent aux deux. Vous jouez maintenant Vert, qui joue après Bleu foncé ; votre réserve contient des pierres bleu foncé, bleu clair et blanches.',
          goal: 'Posez une pierre blanche sur l’une des trois jonctions.',
          hint: 'Les jonctions sont les coins où deux territoires de couleur se touchent.',
        },
        {
          text: 'Bleu clair, qui joue en troisième, a posé une pierre blanche en c5. Après la pose, vous pouvez glisser des pierres ou finir votre tour tout de suite ; le joueur suivant pose alors à son tour.',
          goal: 'Finissez votre tour.',
          hint: 'Utilisez le bouton « Finir le tour ».',
        },
      ],
    },
    {
      id: 'sliding',
      title: 'Glisser les pierres',
      steps: [
        {
          text: 'Après la pose, vous avez un glissement. Une pierre glisse d’un coin d’un triangle à un autre coin du même triangle, le long de son côté, quelle que soit sa longueur. Vous n’avez encore aucune pierre bleu foncé sur le plateau, vous glissez donc des blanches. La pierre en a1 est un coin du plateau entier.',
          goal: 'Glissez la pierre blanche de a1 jusqu’à la rangée du bas.',
          hint: 'Suivez l’un des grands côtés extérieurs du plateau jusqu’au bout.',
        },
        {
          text: 'Un glissement s’arrête sur un sommet vide et ne peut pas passer une pierre posée sur le côté entre les deux. La pierre blanche en a7 barre le chemin qui descend de a5 le long du côté gauche.',
          goal: 'Amenez la pierre blanche de a5 dans la rangée du bas.',
          hint: 'a5 est aussi un coin du grand trou du milieu.',
        },
        {
          text: 'Dès qu’une pierre de votre couleur est sur le plateau, vous ne glissez que des pierres de votre couleur : les blanches sont pour les joueurs qui n’ont aucune des leurs sur le plateau. Vert a posé une pierre bleu foncé en e5.',
          goal: 'Amenez une pierre en i9.',
          hint: 'La pierre blanche en a9 ne peut plus bouger. Quel triangle a pour coins e5 et i9 ?',
        },
      ],
    },
    {
      id: 'scoring',
      title: 'Le score',
      steps: [
        {
          text: 'Chacune de vos pierres dans votre territoire vous rapporte +1, chacune sur un sommet qui n’appartient qu’au territoire d’un autre joueur −1. Comme vous posez les couleurs des autres joueurs, vous pouvez mettre leurs pierres là où elles leur coûtent.',
          goal: 'Posez une pierre verte de sorte que le score de Vert tombe à −1.',
          hint: 'Vert est chez lui dans le territoire d’en bas à droite.',
        },
        {
          text: 'Une pierre sur la jonction des deux territoires qui ne sont pas chez son propriétaire ne compte pas, pas plus que les pierres blanches ou celles des réserves. Une jonction de votre territoire en fait partie et compte +1 pour vous. Vous jouez Vert maintenant.',
          goal: 'Posez une pierre bleu foncé hors du territoire de Bleu foncé, là où elle ne lui coûte rien.',
          hint: 'Bleu foncé est chez lui en haut : cherchez la jonction des deux autres territoires.',
        },
        {
          text: 'Vos propres pierres peuvent rentrer chez vous. Vert a mis une pierre bleu foncé en g7, chez lui, où elle vous coûte un point. Vous avez déjà posé ; glissez maintenant.',
          goal: 'Augmentez votre score en un glissement.',
          hint: 'Le sommet de votre territoire le plus proche est une jonction, au-delà de f6.',
        },
      ],
    },
    {
      id: 'power-triangles',
      title: 'Les Triangles de pouvoir',
      steps: [
        {
          text: 'Un triangle est votre Triangle de pouvoir quand chacun de ses coins porte une de vos pierres ou une blanche, dont au moins une à vous, et qu’aucune pierre ne se trouve sur ses côtés entre les coins. Les triangles de toutes tailles comptent, les trous aussi. Chaque Triangle de pouvoir que vous avez au moment de poser vous donne un glissement de plus.',
          goal: 'Posez une pierre qui vous forme un Triangle de pouvoir.',
          hint: 'Votre pierre en a3 et la blanche en c3 sont deux coins de deux triangles.',
        },
        {
          text: 'Une pierre sur un côté gâche un triangle : la pierre verte en b3 se trouve sur les côtés des deux triangles de coins a3 et c3. Un triangle de pierres blanches seulement n’est à personne.',
          goal: 'Posez une pierre qui vous forme un Triangle de pouvoir.',
          hint: 'Regardez le triangle de coins a3 et a5.',
        },
      ],
    },
    {
      id: 'extra-slides',
      title: 'Glissements en plus',
      steps: [
        {
          text: 'Un glissement qui crée un Triangle de pouvoir vous donne aussitôt un glissement de plus. Vous avez posé et avez un glissement ; votre pierre en f7 est à deux glissements de chez vous.',
          goal: 'Amenez votre pierre dans votre territoire pendant ce tour.',
          hint: 'Les pierres blanches en e8 et f8 sont deux coins d’un petit triangle.',
        },
        {
          text: 'Après la pose, vous avez 1 glissement plus 1 par Triangle de pouvoir que vous possédez, même ancien : a1-a2-b2 vous a donné un deuxième glissement ce tour-ci.',
          goal: 'Amenez la pierre de g9 dans votre territoire.',
          hint: 'Aucun glissement seul ne mène de g9 au territoire du haut, mais vous en avez deux.',
        },
      ],
    },
    {
      id: 'pickup',
      title: 'Ramasser des pierres',
      steps: [
        {
          text: 'Des points de couleur occupent quatre trous. Quand vous créez un Triangle de pouvoir autour d’un point, vous pouvez, au lieu de son glissement en plus, prendre dans votre réserve une pierre blanche ou une pierre de la couleur du point, n’importe où sur le plateau. La pierre verte en g9 rapporte des points à Vert.',
          goal: 'Retirez du plateau la pierre verte en g9.',
          hint: 'Le trou a3-c3-c5 porte le point vert.',
        },
        {
          text: 'Un point n’autorise que sa propre couleur, et le blanc : le grand trou central porte un point de chaque couleur, le trou de chaque territoire un seul. La pierre bleu clair en b8 rapporte des points à Bleu clair.',
          goal: 'Ramassez la pierre bleu clair.',
          hint: 'Quel trou porte le point bleu clair ?',
        },
        {
          text: 'Un glissement qui crée un Triangle de pouvoir autour d’un point permet lui aussi un ramassage, tout de suite : l’occasion disparaît avec votre glissement suivant ou la fin de votre tour. Un triangle plus grand entoure les points qu’il contient : le territoire du haut entoure le point vert. Vous avez posé et avez un glissement.',
          goal: 'Retirez du plateau la pierre verte en g9.',
          hint: 'Avec des pierres blanches en a5 et e5, il ne manque au territoire du haut que son coin supérieur.',
        },
      ],
    },
    {
      id: 'once-a-turn',
      title: 'Une fois par tour',
      steps: [
        {
          text: 'Un Triangle de pouvoir donne son glissement en plus, ou son ramassage, au plus une fois par tour, même s’il est défait puis reformé. a7-a9-c9 vous a donné un glissement quand vous avez posé ; vous avez ensuite glissé sa pierre de a7 en a5, et il reste un glissement.',
          goal: 'Glissez de façon à gagner un glissement en plus.',
          hint: 'Revenue en a7, la pierre reformerait a7-a9-c9, pour rien. Les pierres blanches en c3 et e5 attendent un troisième coin.',
        },
        {
          text: 'Retirer une pierre ne crée jamais de Triangle de pouvoir. La pierre blanche que vous avez posée en c5 a formé a3-c3-c5 autour du point vert : vous pouvez donc ramasser une pierre verte ou blanche. La pierre verte en a4 se trouve sur un côté de a3-a5-c5.',
          goal: 'Faites de a3-a5-c5 votre Triangle de pouvoir.',
          hint: 'Retirez la pierre qui le gêne : cela ne donne pas de glissement en plus maintenant, mais il comptera quand vous poserez au tour suivant.',
        },
      ],
    },
    {
      id: 'the-end',
      title: 'La fin de la partie',
      steps: [
        {
          text: 'Après chaque tour, la partie s’arrête si un joueur a 2 points ou plus ; le meilleur score gagne. Votre pierre en a5 vous donne 1 point, celle en e9 rien.',
          goal: 'Gagnez la partie pendant ce tour.',
          hint: 'Ramenez chez vous la pierre de e9, puis finissez votre tour.',
        },
        {
          text: 'La partie s’arrête aussi quand le joueur qui finit un tour a une réserve vide, et vous venez de poser votre dernière pierre. Vert et vous avez chacun 0 point : les joueurs ex æquo au meilleur score se partagent la victoire.',
          goal: 'Gagnez la partie seul.',
          hint: 'Un point suffit. Votre pierre en e9 ne compte encore rien.',
        },
        {
          text: 'Vous avez 1 point : a5 et e5 donnent +2, la pierre en g9, chez Vert, −1. Un point de votre couleur vous permet de ramasser aussi votre propre pierre, et la retirer peut gagner la partie.',
          goal: 'Gagnez la partie pendant ce tour.',
          hint: 'Le trou central a5-e5-e9 porte un point de chaque couleur ; il lui manque un coin.',
        },
      ],
    },
  ],
};
